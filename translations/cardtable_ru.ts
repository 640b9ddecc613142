<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU" sourcelanguage="en">
<context>
    <name>AccuracyChart</name>
    <message>
        <source>%1%</source>
        <translation>%1&#xa0;%</translation>
    </message>
</context>
<context>
    <name>CardArt</name>
    <message>
        <source>Classic</source>
        <translation>Классическая</translation>
    </message>
    <message>
        <source>Ornament</source>
        <translation>Узорная</translation>
    </message>
    <message>
        <source>Plain</source>
        <translation>Простая</translation>
    </message>
</context>
<context>
    <name>ChatPanel</name>
    <message>
        <source>Chat</source>
        <translation>Чат</translation>
    </message>
    <message>
        <source>Say something to the table</source>
        <translation>Скажите что-нибудь столу</translation>
    </message>
    <message>
        <source>Mute %1</source>
        <translation>Не показывать сообщения: %1</translation>
    </message>
</context>
<context>
    <name>ClubsPresenter</name>
    <message>
        <source>Deal %1 of %2 · playing to %3</source>
        <translation>Сдача %1 из %2 · играем до %3</translation>
    </message>
    <message>
        <source>Deal %1 · playing to %2</source>
        <translation>Сдача %1 · играем до %2</translation>
    </message>
    <message>
        <source>you are first with %1</source>
        <translation>первое место у вас: %1</translation>
    </message>
    <message>
        <source>%1 is first with %2</source>
        <translation>первое место — %1: %2</translation>
    </message>
    <message>
        <source>you and %1 share first place with %2</source>
        <translation>первое место делите вы и %1: по %2</translation>
    </message>
    <message>
        <source>%1 and %2 share first place with %3</source>
        <translation>первое место делят %1 и %2: по %3</translation>
    </message>
    <message>
        <source>%1 %2 of %3: %4</source>
        <translation>%1 %2 из %3: %4</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>пас</translation>
    </message>
    <message>
        <source>bid %1</source>
        <translation>заказ %1</translation>
    </message>
    <message>
        <source>skips this trick</source>
        <translation>пропускает взятку</translation>
    </message>
    <message>
        <source>The dealer may not bid %1: the bids would add up to %2 tricks.</source>
        <translation>Сдающему нельзя заказать %1: сумма заказов была бы равна %2.</translation>
    </message>
    <message>
        <source>A bid must be above the highest bid, %1.</source>
        <translation>Заказ должен быть больше самого высокого: %1.</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Пас</translation>
    </message>
    <message>
        <source>Highest bid: %1 (%2).</source>
        <translation>Самый высокий заказ: %1 (%2).</translation>
    </message>
    <message>
        <source>No bid yet.</source>
        <translation>Заказов ещё не было.</translation>
    </message>
    <message>
        <source>Passed: %1.</source>
        <translation>Спасовали: %1.</translation>
    </message>
    <message>
        <source>Everyone else has passed: you must bid.</source>
        <translation>Все остальные спасовали: вы обязаны заказать.</translation>
    </message>
    <message>
        <source>Bid the exact number of tricks you will take with clubs as trumps, or pass.</source>
        <translation>Закажите, сколько ровно взяток возьмёте при козырях-трефах, или скажите «пас».</translation>
    </message>
    <message>
        <source>Bids so far: %1.</source>
        <translation>Уже заказали: %1.</translation>
    </message>
    <message>
        <source>Name the exact number of tricks you will take.</source>
        <translation>Назовите, сколько ровно взяток возьмёте.</translation>
    </message>
    <message>
        <source>You deal, so you may not bid %1: the bids must not add up to %2.</source>
        <translation>Вы сдающий, поэтому нельзя заказать %1: сумма заказов не должна быть равна %2.</translation>
    </message>
    <message>
        <source>Your bid</source>
        <translation>Ваша заявка</translation>
    </message>
    <message>
        <source>Contract: %1</source>
        <translation>Заказ: %1</translation>
    </message>
    <message>
        <source>Skips: every card in hand is already in this trick</source>
        <translation>Пропускает ход: все карты на руке уже есть во взятке</translation>
    </message>
    <message>
        <source>%1 — skipped: %2</source>
        <translation>%1 — пропуск: %2</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>Computer level %1 is missing from this installation: %2 plays at %3</source>
        <translation>Уровня «%1» нет в этой установке программы: %2 играет на уровне «%3»</translation>
    </message>
</context>
<context>
    <name>GameFiles</name>
    <message>
        <source>CardTable games (*.cardtable.json);;All files (*)</source>
        <translation>Игры CardTable (*.cardtable.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>the file could not be read</source>
        <translation>файл не удалось прочитать</translation>
    </message>
    <message>
        <source>a move in it breaks the rules, so the file is damaged</source>
        <translation>в нём есть ход против правил, значит, файл повреждён</translation>
    </message>
    <message>
        <source>it was saved by a newer version of CardTable, which this version cannot read</source>
        <translation>он сохранён более новой версией CardTable, и эта версия не может его прочитать</translation>
    </message>
    <message>
        <source>it is far too large to be a CardTable game, so it was not read</source>
        <translation>файл слишком велик для игры CardTable, поэтому его не стали читать</translation>
    </message>
    <message>
        <source>the file is damaged or is not a CardTable game</source>
        <translation>файл повреждён или это не игра CardTable</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: %2.</source>
        <translation>Не удаётся открыть «%1»: %2.</translation>
    </message>
    <message>
        <source>The fault is in deal %1, move %2.</source>
        <translation>Ошибка — в сдаче %1, ход %2.</translation>
    </message>
    <message>
        <source>The fault is in deal %1.</source>
        <translation>Ошибка — в сдаче %1.</translation>
    </message>
    <message>
        <source>The file was not changed, and the game on the table goes on.</source>
        <translation>Файл не изменён, игра на столе продолжается.</translation>
    </message>
    <message>
        <source>it is a folder, not a file</source>
        <translation>это папка, а не файл</translation>
    </message>
    <message>
        <source>it is a named pipe (FIFO), not a file</source>
        <translation>это именованный канал (FIFO), а не файл</translation>
    </message>
    <message>
        <source>it is a device, not a file</source>
        <translation>это устройство, а не файл</translation>
    </message>
    <message>
        <source>it is a socket, not a file</source>
        <translation>это сокет, а не файл</translation>
    </message>
    <message>
        <source>it is not an ordinary file</source>
        <translation>это не обычный файл</translation>
    </message>
</context>
<context>
    <name>GameOptions</name>
    <message>
        <source>The turned card&apos;s suit is trump in every rozygrysh (trick).</source>
        <translation>Масть открытой карты — козырь в каждом розыгрыше.</translation>
    </message>
    <message>
        <source>Who leads</source>
        <translation>Кто ходит</translation>
    </message>
    <message>
        <source>How many games the match has; the totals carry over.</source>
        <translation>Сколько партий в матче; очки суммируются.</translation>
    </message>
    <message>
        <source>In turn, two each</source>
        <translation>По очереди, по два</translation>
    </message>
    <message>
        <source>The lead passes to the left every two rozygryshi.</source>
        <translation>Первый ход переходит влево через каждые два розыгрыша.</translation>
    </message>
    <message>
        <source>Three players: the leaders of rozygryshi 1–4 repeat every four, so the dealer never leads. Two players: the same as in turn.</source>
        <translation>Втроём: начинающие розыгрыши 1–4 повторяются каждые четыре, и сдающий не начинает ни разу. Вдвоём — то же, что по очереди.</translation>
    </message>
    <message>
        <source>As the source says</source>
        <translation>Как в источнике</translation>
    </message>
    <message>
        <source>As in deal 5: a player who cannot follow suit and holds the K♥ must play it.</source>
        <translation>Как в пятой сдаче: у кого нет масти хода и есть кинг червей, тот обязан его сбросить.</translation>
    </message>
    <message>
        <source>Deal limit</source>
        <translation>Предел сдач</translation>
    </message>
    <message>
        <source>The game also ends after this many deals; the highest total wins.</source>
        <translation>Игра заканчивается и после этого числа сдач; побеждает больший итог.</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Без предела</translation>
    </message>
    <message>
        <source>a game at this table often lasts more than 40 deals</source>
        <translation>игра за таким столом часто длится больше 40 сдач</translation>
    </message>
    <message>
        <source>two players rarely make their exact bid, so the game may never end</source>
        <translation>вдвоём точный заказ удаётся редко, и игра может не кончиться никогда</translation>
    </message>
    <message>
        <source>King</source>
        <translation>Кинг</translation>
    </message>
    <message>
        <source>3–4 players: penalty deals first, then points are won back.</source>
        <translation>3–4 игрока: сначала штрафные сдачи, потом отыгрыш.</translation>
    </message>
    <message>
        <source>Clubs</source>
        <translation>Трефы</translation>
    </message>
    <message>
        <source>2–8 players, clubs trump: take exactly the tricks you bid.</source>
        <translation>2–8 игроков, козыри — трефы; взять ровно заказанное.</translation>
    </message>
    <message>
        <source>Metamorphosis</source>
        <translation>Метаморфоза</translation>
    </message>
    <message>
        <source>2–3 players: trumps and trick values change every trick.</source>
        <translation>2–3 игрока: в каждом розыгрыше свои козыри и цена взятки.</translation>
    </message>
    <message>
        <source>Game length</source>
        <translation>Длина игры</translation>
    </message>
    <message>
        <source>Positive stage</source>
        <translation>Отыгрыш</translation>
    </message>
    <message>
        <source>Boys in deal 3</source>
        <translation>Мальчики (3-я сдача)</translation>
    </message>
    <message>
        <source>Must trump</source>
        <translation>Обязательно козырять</translation>
    </message>
    <message>
        <source>A player out of the suit led must play a trump if he has one.</source>
        <translation>Игрок без масти хода обязан положить козырь, если он есть.</translation>
    </message>
    <message>
        <source>End a deal early</source>
        <translation>Заканчивать сдачу досрочно</translation>
    </message>
    <message>
        <source>A deal stops once no points are left to take; scores are the same.</source>
        <translation>Сдача кончается, когда брать больше нечего; очки те же.</translation>
    </message>
    <message>
        <source>King of Hearts rule in eralash</source>
        <translation>Правило кинга в ералаше</translation>
    </message>
    <message>
        <source>Seven penalty deals including eralash, then the positive stage.</source>
        <translation>Семь штрафных сдач с ералашем, затем отыгрыш.</translation>
    </message>
    <message>
        <source>Short game</source>
        <translation>Короткий кинг</translation>
    </message>
    <message>
        <source>Six penalty deals without eralash, and a shorter positive stage.</source>
        <translation>Шесть штрафных сдач без ералаша, отыгрыш короче.</translation>
    </message>
    <message>
        <source>Khvalyonki (ordered deals)</source>
        <translation>Хвалёнки</translation>
    </message>
    <message>
        <source>Khvalyonki + reverse eralash</source>
        <translation>Хвалёнки и обратный ералаш</translation>
    </message>
    <message>
        <source>One round of khvalyonki, then eralash played for plus points.</source>
        <translation>Один круг хвалёнок, затем ералаш с очками в плюс.</translation>
    </message>
    <message>
        <source>the short game has no eralash</source>
        <translation>в коротком кинге нет ералаша</translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation>Форма заказа</translation>
    </message>
    <message>
        <source>Play to (points)</source>
        <translation>Игра до (очков)</translation>
    </message>
    <message>
        <source>The game ends after the deal in which someone reaches this.</source>
        <translation>Игра кончается, когда кто-то наберёт столько очков.</translation>
    </message>
    <message>
        <source>Turned card sets trumps</source>
        <translation>Масть открытой карты — козырь</translation>
    </message>
    <message>
        <source>Games in the match</source>
        <translation>Партий в матче</translation>
    </message>
    <message>
        <source>Full game</source>
        <translation>Полный кинг</translation>
    </message>
    <message>
        <source>Players take turns to name the trump; every trick scores plus.</source>
        <translation>Игроки по очереди заказывают козырь; взятки идут в плюс.</translation>
    </message>
    <message>
        <source>Plus deals</source>
        <translation>Плюсовые сдачи</translation>
    </message>
    <message>
        <source>The penalty deals again, but every penalty counts as a plus.</source>
        <translation>Штрафные сдачи ещё раз, но каждый штраф идёт в плюс.</translation>
    </message>
    <message>
        <source>Jacks</source>
        <translation>Валеты</translation>
    </message>
    <message>
        <source>Four jacks, 4 points each (10 with 3 players).</source>
        <translation>Четыре валета, по 4 очка (втроём — по 10).</translation>
    </message>
    <message>
        <source>Jacks and kings</source>
        <translation>Валеты и короли</translation>
    </message>
    <message>
        <source>Eight cards, 2 points each (5 with 3 players).</source>
        <translation>Восемь карт, по 2 очка (втроём — по 5).</translation>
    </message>
    <message>
        <source>Auction</source>
        <translation>Торговля</translation>
    </message>
    <message>
        <source>The highest bidder plays the contract; only he scores.</source>
        <translation>Играет заказавший больше всех; очки только у него.</translation>
    </message>
    <message>
        <source>Everyone bids</source>
        <translation>Заказывают все</translation>
    </message>
    <message>
        <source>Each player names his tricks once; every player scores.</source>
        <translation>Каждый один раз называет свои взятки; очки получают все.</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>Человек</translation>
    </message>
    <message>
        <source>Computer</source>
        <translation>Компьютер</translation>
    </message>
    <message>
        <source>the plus deals have no trumps</source>
        <translation>в плюсовых сдачах нет козырей</translation>
    </message>
    <message>
        <source>with two players both orders are the same</source>
        <translation>вдвоём оба порядка совпадают</translation>
    </message>
</context>
<context>
    <name>GamePresenter</name>
    <message>
        <source>total %1</source>
        <translation>всего %1</translation>
    </message>
    <message>
        <source>Choose</source>
        <translation>Выберите</translation>
    </message>
    <message>
        <source>Last trick</source>
        <translation>Последняя взятка</translation>
    </message>
    <message>
        <source>Deal %1</source>
        <translation>Сдача %1</translation>
    </message>
    <message>
        <source>Deal %1 is over</source>
        <translation>Сдача %1 сыграна</translation>
    </message>
</context>
<context>
    <name>GameSettings</name>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Computer %1</source>
        <translation>Компьютер %1</translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation>Игрок %1</translation>
    </message>
</context>
<context>
    <name>HintWords</name>
    <message>
        <source>you have no spades</source>
        <translation>у вас нет пик</translation>
    </message>
    <message>
        <source>you have no hearts</source>
        <translation>у вас нет червей</translation>
    </message>
    <message>
        <source>you have no diamonds</source>
        <translation>у вас нет бубен</translation>
    </message>
    <message>
        <source>you have no clubs</source>
        <translation>у вас нет треф</translation>
    </message>
    <message>
        <source>lead %1: the only card you may lead</source>
        <translation>ходите с %1: других ходов у вас нет</translation>
    </message>
    <message>
        <source>lead %1: nobody else has this suit</source>
        <translation>ходите с %1: этой масти больше ни у кого нет</translation>
    </message>
    <message>
        <source>lead %1: it would take a trick anyway — better this one than a costlier one later</source>
        <translation>ходите с %1: взятку она всё равно возьмёт — лучше эту, чем дороже потом</translation>
    </message>
    <message>
        <source>lead %1: the highest card of its suit still out</source>
        <translation>ходите с %1: старше карт этой масти не осталось</translation>
    </message>
    <message>
        <source>lead %1: it cannot take the trick — every card of its suit still out is higher</source>
        <translation>ходите с %1: взятку она не возьмёт — все оставшиеся карты этой масти старше</translation>
    </message>
    <message>
        <source>lead %1: every card of its suit still out is higher</source>
        <translation>ходите с %1: все оставшиеся карты этой масти старше</translation>
    </message>
    <message>
        <source>lead %1: a trump draws the others&apos; trumps</source>
        <translation>ходите с %1: козырем вы выбиваете козыри у других</translation>
    </message>
    <message>
        <source>lead %1: your last card of this suit — then you are free of it</source>
        <translation>ходите с %1: это ваша последняя карта этой масти — дальше вы от неё свободны</translation>
    </message>
    <message numerus="yes">
        <source>lead %1: still out, %n higher card(s) of its suit</source>
        <translation>
            <numerusform>ходите с %1: старше неё ещё не вышла %n карта этой масти</numerusform>
            <numerusform>ходите с %1: старше неё ещё не вышли %n карты этой масти</numerusform>
            <numerusform>ходите с %1: старше неё ещё не вышло %n карт этой масти</numerusform>
        </translation>
    </message>
    <message>
        <source>lead %1: your lowest card of this suit — the higher ones stay for later</source>
        <translation>ходите с %1: это ваша младшая карта этой масти — старшие остаются на потом</translation>
    </message>
    <message>
        <source>lead %1: your highest card of this suit</source>
        <translation>ходите с %1: это ваша старшая карта этой масти</translation>
    </message>
    <message>
        <source>lead %1: it keeps your higher and lower cards of this suit for later</source>
        <translation>ходите с %1: старшая и младшая карты этой масти остаются у вас на потом</translation>
    </message>
    <message>
        <source>take the trick with %1: you declared this kind, +10 for every one you take</source>
        <translation>берите взятку картой %1: вы заявили этот вид розыгрыша — +10 за каждую такую взятку</translation>
    </message>
    <message numerus="yes">
        <source>give %1 to the trick&apos;s taker: it costs the taker %n point(s)</source>
        <translation>
            <numerusform>отдайте %1 тому, кто возьмёт взятку: ему это минус %n очко</numerusform>
            <numerusform>отдайте %1 тому, кто возьмёт взятку: ему это минус %n очка</numerusform>
            <numerusform>отдайте %1 тому, кто возьмёт взятку: ему это минус %n очков</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>take the trick with %1: it scores you %n point(s)</source>
        <translation>
            <numerusform>берите взятку картой %1: она принесёт вам %n очко</numerusform>
            <numerusform>берите взятку картой %1: она принесёт вам %n очка</numerusform>
            <numerusform>берите взятку картой %1: она принесёт вам %n очков</numerusform>
        </translation>
    </message>
    <message>
        <source>play %1: the only card you may play</source>
        <translation>сыграйте %1: другой карты сыграть нельзя</translation>
    </message>
    <message>
        <source>trump with %1: %2</source>
        <translation>бейте козырем %1: %2</translation>
    </message>
    <message>
        <source>throw %1 away: %2</source>
        <translation>сбросьте %1: %2</translation>
    </message>
    <message>
        <source>play %1 under %2: none of your cards can take it</source>
        <translation>подложите %1 под %2: взять эту взятку вам нечем</translation>
    </message>
    <message>
        <source>play %1 under %2: the highest card you can lose the trick with</source>
        <translation>подложите %1 под %2: это ваша старшая карта, которая не берёт взятку</translation>
    </message>
    <message>
        <source>play %1 under %2: your higher %3 stays for later</source>
        <translation>подложите %1 под %2: старшая %3 останется у вас на потом</translation>
    </message>
    <message>
        <source>play %1 under %2: keep %3 to take a later trick</source>
        <translation>подложите %1 под %2: %3 приберегите для следующих взяток</translation>
    </message>
    <message numerus="yes">
        <source>take the trick with %1: your contract needs %n more trick(s)</source>
        <translation>
            <numerusform>берите взятку картой %1: до заказа вам не хватает %n взятки</numerusform>
            <numerusform>берите взятку картой %1: до заказа вам не хватает %n взяток</numerusform>
            <numerusform>берите взятку картой %1: до заказа вам не хватает %n взяток</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>take the trick with %1: keep it from the declarer, who needs %n more trick(s)</source>
        <translation>
            <numerusform>берите взятку картой %1: не отдавайте её заказчику — ему не хватает %n взятки</numerusform>
            <numerusform>берите взятку картой %1: не отдавайте её заказчику — ему не хватает %n взяток</numerusform>
            <numerusform>берите взятку картой %1: не отдавайте её заказчику — ему не хватает %n взяток</numerusform>
        </translation>
    </message>
    <message>
        <source>take the trick with %1: the lowest card that takes it</source>
        <translation>берите взятку картой %1: это ваша младшая карта, которая её берёт</translation>
    </message>
    <message>
        <source>take the trick with %1: %2 could be overtaken by a player still to play</source>
        <translation>берите взятку картой %1: %2 может перебить тот, кто ходит после вас</translation>
    </message>
    <message>
        <source>take the trick with %1: %2 stays to take a later trick</source>
        <translation>берите взятку картой %1: %2 останется для следующей взятки</translation>
    </message>
    <message>
        <source>take the trick with %1: every card you may play takes it</source>
        <translation>берите взятку картой %1: любая карта, которой можно сходить, её берёт</translation>
    </message>
    <message>
        <source>take the trick with %1: it costs nothing</source>
        <translation>берите взятку картой %1: она ничего не стоит</translation>
    </message>
    <message>
        <source>take the trick with %1: nothing that costs is in it yet</source>
        <translation>берите взятку картой %1: штрафных карт в ней пока нет</translation>
    </message>
    <message>
        <source>take the trick with %1: your other cards are worth keeping</source>
        <translation>берите взятку картой %1: остальные карты вам ещё пригодятся</translation>
    </message>
    <message>
        <source>take the trick with %1: then you lead the next one</source>
        <translation>берите взятку картой %1: тогда следующий ход ваш</translation>
    </message>
    <message>
        <source>the only choice you have</source>
        <translation>другого выбора нет</translation>
    </message>
    <message numerus="yes">
        <source>as the dealer you may not bid %n</source>
        <translation>
            <numerusform>вы сдающий, и заказать %n вам нельзя</numerusform>
            <numerusform>вы сдающий, и заказать %n вам нельзя</numerusform>
            <numerusform>вы сдающий, и заказать %n вам нельзя</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your aces, kings and clubs should take about %n trick(s)</source>
        <translation>
            <numerusform>ваши тузы, короли и трефы должны взять около %n взятки</numerusform>
            <numerusform>ваши тузы, короли и трефы должны взять около %n взяток</numerusform>
            <numerusform>ваши тузы, короли и трефы должны взять около %n взяток</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your cards should take about %n trick(s), and the bid is already %1</source>
        <translation>
            <numerusform>ваши карты должны взять около %n взятки, а заказ уже %1</numerusform>
            <numerusform>ваши карты должны взять около %n взяток, а заказ уже %1</numerusform>
            <numerusform>ваши карты должны взять около %n взяток, а заказ уже %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your cards should take about %n trick(s)</source>
        <translation>
            <numerusform>ваши карты должны взять около %n взятки</numerusform>
            <numerusform>ваши карты должны взять около %n взяток</numerusform>
            <numerusform>ваши карты должны взять около %n взяток</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your cards should take about %n trick(s), and the price is already %1</source>
        <translation>
            <numerusform>ваши карты должны взять около %n взятки, а цена уже %1</numerusform>
            <numerusform>ваши карты должны взять около %n взяток, а цена уже %1</numerusform>
            <numerusform>ваши карты должны взять около %n взяток, а цена уже %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n card(s) of %1 among your first three</source>
        <translation>
            <numerusform>у вас %n карта %1 среди первых трёх</numerusform>
            <numerusform>у вас %n карты %1 среди первых трёх</numerusform>
            <numerusform>у вас %n карт %1 среди первых трёх</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n card(s) of %1</source>
        <translation>
            <numerusform>у вас %n карта %1</numerusform>
            <numerusform>у вас %n карты %1</numerusform>
            <numerusform>у вас %n карт %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n seven(s), eight(s) or nine(s), the high cards of a misère</source>
        <translation>
            <numerusform>у вас %n семёрка, восьмёрка или девятка, а в мизере это старшие карты</numerusform>
            <numerusform>у вас %n семёрки, восьмёрки или девятки, а в мизере это старшие карты</numerusform>
            <numerusform>у вас %n семёрок, восьмёрок или девяток, а в мизере это старшие карты</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n ace(s) or king(s)</source>
        <translation>
            <numerusform>у вас %n туз или король</numerusform>
            <numerusform>у вас %n туза или короля</numerusform>
            <numerusform>у вас %n тузов или королей</numerusform>
        </translation>
    </message>
    <message>
        <source>your first three cards are all of different suits: let the last card choose the trumps</source>
        <translation>ваши первые три карты — все разных мастей: пусть козыри назначит последняя карта</translation>
    </message>
    <message>
        <source>the last card, still unseen, chooses the trumps</source>
        <translation>козыри назначит последняя карта, которую вы ещё не видели</translation>
    </message>
    <message numerus="yes">
        <source>you hold %n ace(s) or king(s) among your first three cards; everyone is credited the same tricks</source>
        <translation>
            <numerusform>у вас %n туз или король среди первых трёх карт, а всем запишут поровну взяток</numerusform>
            <numerusform>у вас %n туза или короля среди первых трёх карт, а всем запишут поровну взяток</numerusform>
            <numerusform>у вас %n тузов или королей среди первых трёх карт, а всем запишут поровну взяток</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n heart(s), which score in a four</source>
        <translation>
            <numerusform>у вас %n черва, а черви в четвёрке идут в плюс</numerusform>
            <numerusform>у вас %n червы, а черви в четвёрке идут в плюс</numerusform>
            <numerusform>у вас %n червей, а черви в четвёрке идут в плюс</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n diamond(s), the trumps of a four</source>
        <translation>
            <numerusform>у вас %n бубна, а в четвёрке бубны — козыри</numerusform>
            <numerusform>у вас %n бубны, а в четвёрке бубны — козыри</numerusform>
            <numerusform>у вас %n бубен, а в четвёрке бубны — козыри</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n ace(s) or king(s), and a three costs its taker least</source>
        <translation>
            <numerusform>у вас %n туз или король, а тройка обходится взявшему дешевле всего</numerusform>
            <numerusform>у вас %n туза или короля, а тройка обходится взявшему дешевле всего</numerusform>
            <numerusform>у вас %n тузов или королей, а тройка обходится взявшему дешевле всего</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n ace(s) or king(s) to take tricks with</source>
        <translation>
            <numerusform>у вас %n туз или король, чтобы брать взятки</numerusform>
            <numerusform>у вас %n туза или короля, чтобы брать взятки</numerusform>
            <numerusform>у вас %n тузов или королей, чтобы брать взятки</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>HostDialog</name>
    <message>
        <source>Host a table</source>
        <translation>Собрать стол</translation>
    </message>
    <message>
        <source>&amp;Host</source>
        <translation>&amp;Собрать</translation>
    </message>
    <message>
        <source>People here play at this screen and hand it over between them; invited people join with the invitation and bring their own names.</source>
        <translation>Люди «здесь» играют за этим экраном и передают его друг другу; приглашённые входят по приглашению и называются своими именами.</translation>
    </message>
    <message>
        <source>Here</source>
        <translation>Здесь</translation>
    </message>
    <message>
        <source>Invited</source>
        <translation>Приглашён</translation>
    </message>
    <message>
        <source> min</source>
        <translation> мин</translation>
    </message>
    <message>
        <source>When someone&apos;s connection drops, a computer plays for them after</source>
        <translation>Если у кого-то пропадёт связь, за него начнёт играть компьютер через</translation>
    </message>
    <message>
        <source>at level</source>
        <translation>уровня</translation>
    </message>
    <message>
        <source>Your own seat is missing: make one player a person here.</source>
        <translation>Нет места для вас: сделайте одного из игроков человеком «здесь».</translation>
    </message>
</context>
<context>
    <name>JoinDialog</name>
    <message>
        <source>Join a table</source>
        <translation>Войти за стол</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 или %2</translation>
    </message>
    <message>
        <source>&amp;Invitation or address:</source>
        <translation>&amp;Приглашение или адрес:</translation>
    </message>
    <message>
        <source>Table &amp;code:</source>
        <translation>&amp;Код стола:</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>Ваше &amp;имя:</translation>
    </message>
    <message>
        <source>Paste the invitation the host sent you, or type the address and the code they read out. A pasted invitation also proves that it is the host&apos;s computer at the other end.</source>
        <translation>Вставьте приглашение, которое прислал хозяин стола, или введите адрес и код, которые он назвал. Вставленное приглашение к тому же удостоверяет, что на другом конце — компьютер хозяина.</translation>
    </message>
    <message>
        <source>&amp;Join</source>
        <translation>&amp;Войти</translation>
    </message>
    <message>
        <source>Paste the invitation, or type the host&apos;s address.</source>
        <translation>Вставьте приглашение или введите адрес хозяина стола.</translation>
    </message>
    <message>
        <source>This invitation cannot be read: ask the host to send it again.</source>
        <translation>Это приглашение не прочитать: попросите хозяина стола прислать его ещё раз.</translation>
    </message>
    <message>
        <source>An address is a name or a number such as 192.168.1.20, with :port if the host said one.</source>
        <translation>Адрес — это имя или число вида 192.168.1.20, с :портом, если хозяин его назвал.</translation>
    </message>
    <message>
        <source>A table code has eight letters and digits, such as %1.</source>
        <translation>Код стола — восемь букв и цифр, например %1.</translation>
    </message>
    <message>
        <source>Type the name to show at the table.</source>
        <translation>Введите имя, которое увидят за столом.</translation>
    </message>
</context>
<context>
    <name>KingPresenter</name>
    <message>
        <source>Deal %1 of %2</source>
        <translation>Сдача %1 из %2</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Пас</translation>
    </message>
    <message>
        <source>Buy for %1</source>
        <translation>Куплю за %1</translation>
    </message>
    <message>
        <source>Deal %1 of %2 is over</source>
        <translation>Сдача %1 из %2 сыграна</translation>
    </message>
    <message>
        <source>Order the contract</source>
        <translation>Закажите игру</translation>
    </message>
    <message>
        <source>You see your first three cards; the rest are dealt after the order.</source>
        <translation>Вы видите первые три карты; остальные раздаются после заказа.</translation>
    </message>
    <message>
        <source>You bought the deal: choose its contract.</source>
        <translation>Вы перекупили сдачу: назовите заказ.</translation>
    </message>
    <message>
        <source>%1 ordered %2. To take the deal over, offer a price in tricks: you then name the contract and lead, and pay %1 %3 points per trick of the price. Or pass.</source>
        <translation>Заказ: %2 (заказчик — %1). Чтобы перекупить сдачу, предложите цену во взятках: тогда вы сами назовёте игру и пойдёте первым, а заказчику (%1) отдадите по %3 очка за каждую взятку цены. Или скажите «пас».</translation>
    </message>
    <message>
        <source>Buy the deal?</source>
        <translation>Перекупить сдачу?</translation>
    </message>
    <message>
        <source>This suit is trump; every trick is worth plus points.</source>
        <translation>Эта масть — козырь; каждая взятка идёт в плюс.</translation>
    </message>
    <message>
        <source>No trumps; every trick is worth plus points.</source>
        <translation>Без козырей; каждая взятка идёт в плюс.</translation>
    </message>
    <message>
        <source>Your last card, dealt face up for everyone to see, names the trump suit.</source>
        <translation>Ваша последняя карта сдаётся в открытую, всем на виду, и её масть становится козырем.</translation>
    </message>
    <message>
        <source>No trumps and the ranks are reversed: the 7 is the highest card, the ace the lowest. Tricks are still worth plus points.</source>
        <translation>Без козырей, и старшинство наоборот: семёрка — старшая карта, туз — младшая. Взятки всё равно идут в плюс.</translation>
    </message>
    <message>
        <source>No play: with 4 players everyone is credited 2 tricks; with 3 players you get 4 and the others 3.</source>
        <translation>Без игры: вчетвером каждому записывается по 2 взятки; втроём вам 4, остальным по 3.</translation>
    </message>
    <message>
        <source>Bought for %1</source>
        <translation>Перекупка за %1</translation>
    </message>
    <message>
        <source>Last card: %1</source>
        <translation>Последняя карта: %1</translation>
    </message>
    <message>
        <source>The buying round</source>
        <translation>Перекупка</translation>
    </message>
</context>
<context>
    <name>LobbyDialog</name>
    <message>
        <source>Network table</source>
        <translation>Стол по сети</translation>
    </message>
    <message>
        <source>Invitation</source>
        <translation>Приглашение</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копировать</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Соединение…</translation>
    </message>
    <message>
        <source>&amp;Start the game</source>
        <translation>&amp;Начать игру</translation>
    </message>
    <message>
        <source>&amp;Leave</source>
        <translation>&amp;Уйти</translation>
    </message>
    <message>
        <source>At the table:</source>
        <translation>За столом:</translation>
    </message>
    <message>
        <source>People at home join at %1, port %2, with this code. From elsewhere, the host&apos;s router must pass that port on to this computer.</source>
        <translation>Из домашней сети входят по адресу %1, порт %2, с этим кодом. Чтобы вошли издалека, роутер хозяина должен передавать этот порт на этот компьютер.</translation>
    </message>
    <message>
        <source>This computer listens on port %1.</source>
        <translation>Этот компьютер ждёт игроков на порту %1.</translation>
    </message>
    <message>
        <source>The invitation is copied: send it to the people you invite.</source>
        <translation>Приглашение скопировано: отправьте его тем, кого приглашаете.</translation>
    </message>
    <message>
        <source>computer, %1</source>
        <translation>компьютер, %1</translation>
    </message>
    <message>
        <source>here</source>
        <translation>здесь</translation>
    </message>
    <message>
        <source>joined</source>
        <translation>за столом</translation>
    </message>
    <message>
        <source>away</source>
        <translation>отошёл</translation>
    </message>
    <message>
        <source>waiting for someone to join</source>
        <translation>ждёт игрока</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Место %1</translation>
    </message>
    <message>
        <source>Seats still free: %1. A computer takes them if you start now.</source>
        <translation>Свободных мест: %1. Если начать сейчас, их займут компьютеры.</translation>
    </message>
    <message>
        <source>Everyone is here.</source>
        <translation>Все в сборе.</translation>
    </message>
    <message>
        <source>Waiting for the host to start the game…</source>
        <translation>Ждём, когда хозяин стола начнёт игру…</translation>
    </message>
    <message>
        <source>The connection to the table was lost (%1); trying again…</source>
        <translation>Связь со столом прервалась (%1); пробуем снова…</translation>
    </message>
    <message>
        <source>There is no table with that code at that address.</source>
        <translation>По этому адресу нет стола с таким кодом.</translation>
    </message>
    <message>
        <source>Every seat at that table is taken.</source>
        <translation>Все места за этим столом заняты.</translation>
    </message>
    <message>
        <source>The server is not the one in the invitation: someone may be in the way. Ask the host for a new invitation.</source>
        <translation>Сервер не тот, что в приглашении: кто-то мог встать посередине. Попросите у хозяина стола новое приглашение.</translation>
    </message>
    <message>
        <source>That seat&apos;s key is not right.</source>
        <translation>Ключ этого места не подходит.</translation>
    </message>
    <message>
        <source>Too many wrong codes were tried: wait a minute.</source>
        <translation>Слишком много неверных кодов: подождите минуту.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Начинаем…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Новая игра…</translation>
    </message>
    <message>
        <source>Play &amp;again with the same settings</source>
        <translation>Сыграть &amp;ещё раз с теми же настройками</translation>
    </message>
    <message>
        <source>&amp;Restart deal</source>
        <translation>&amp;Переиграть сдачу</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Открыть…</translation>
    </message>
    <message>
        <source>&amp;Save as…</source>
        <translation>Со&amp;хранить как…</translation>
    </message>
    <message>
        <source>&amp;Undo move</source>
        <translation>&amp;Отменить ход</translation>
    </message>
    <message>
        <source>Re&amp;do move</source>
        <translation>&amp;Вернуть ход</translation>
    </message>
    <message>
        <source>&amp;Watch this game again</source>
        <translation>&amp;Посмотреть игру заново</translation>
    </message>
    <message>
        <source>Re&amp;view decisions…</source>
        <translation>&amp;Разбор решений…</translation>
    </message>
    <message>
        <source>&amp;Score sheet</source>
        <translation>&amp;Таблица очков</translation>
    </message>
    <message>
        <source>&amp;Last trick</source>
        <translation>&amp;Последняя взятка</translation>
    </message>
    <message>
        <source>Stat&amp;istics</source>
        <translation>Стат&amp;истика</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>П&amp;одсказка</translation>
    </message>
    <message>
        <source>What the strongest computer player would do now</source>
        <translation>Как сыграл бы сейчас сильнейший компьютерный игрок</translation>
    </message>
    <message>
        <source>How much each of your decisions in this game cost, as a chess engine marks inaccuracies, mistakes and blunders</source>
        <translation>Во что обошлось каждое ваше решение в этой игре — так шахматная программа отмечает неточности, ошибки и грубые ошибки</translation>
    </message>
    <message>
        <source>Play &amp;online</source>
        <translation>Игра по &amp;сети</translation>
    </message>
    <message>
        <source>&amp;Host a table…</source>
        <translation>&amp;Собрать стол…</translation>
    </message>
    <message>
        <source>&amp;Join a table…</source>
        <translation>&amp;Войти за стол…</translation>
    </message>
    <message>
        <source>Host the &amp;last table again</source>
        <translation>Собрать &amp;прежний стол снова</translation>
    </message>
    <message>
        <source>&amp;About CardTable</source>
        <translation>&amp;О программе CardTable</translation>
    </message>
    <message>
        <source>Card table</source>
        <translation>Карточный стол</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Игра</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Не&amp;давние игры</translation>
    </message>
    <message>
        <source>The game saved when CardTable last closed was written by a newer version of CardTable, which this version cannot read. The file was kept unchanged:
%1</source>
        <translation>Игру, сохранённую при прошлом закрытии CardTable, записала более новая версия программы, и эта версия не может её прочитать. Файл сохранён без изменений:
%1</translation>
    </message>
    <message>
        <source>the file could not be read</source>
        <translation>файл не удалось прочитать</translation>
    </message>
    <message>
        <source>a move in it breaks the rules, so the file is damaged</source>
        <translation>в нём есть ход против правил, значит, файл повреждён</translation>
    </message>
    <message>
        <source>it is not a file but a pipe, a socket or a device</source>
        <translation>это не файл, а канал, сокет или устройство</translation>
    </message>
    <message>
        <source>the file is damaged or is not a CardTable game</source>
        <translation>файл повреждён или это не игра CardTable</translation>
    </message>
    <message>
        <source>The game saved when CardTable last closed could not be resumed: %1.

The file was kept, not deleted:
%2</source>
        <translation>Игру, сохранённую при прошлом закрытии CardTable, не удалось продолжить: %1.

Файл не удалён, он сохранён здесь:
%2</translation>
    </message>
    <message>
        <source>Saved game not resumed</source>
        <translation>Сохранённая игра не продолжена</translation>
    </message>
    <message>
        <source>The statistics file was damaged, so new statistics were started. The old file was kept, not deleted:
%1</source>
        <translation>Файл статистики был повреждён, поэтому статистика начата заново. Старый файл сохранён, а не удалён:
%1</translation>
    </message>
    <message>
        <source>The statistics were written by a newer version of CardTable. They were left untouched; this version keeps its statistics for this run only.</source>
        <translation>Статистика записана более новой версией CardTable. Она оставлена как есть, а эта версия ведёт статистику только до закрытия программы.</translation>
    </message>
    <message>
        <source>The statistics file cannot be used, so statistics are kept for this run only.</source>
        <translation>Файл статистики недоступен, поэтому статистика ведётся только до закрытия программы.</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Статистика</translation>
    </message>
    <message>
        <source>Restarting a deal is off when several people play at this screen, as undo is (Settings).</source>
        <translation>Переиграть сдачу, как и отменить ход, нельзя, когда за этим экраном играют несколько человек (см. Настройки).</translation>
    </message>
    <message>
        <source>There is no deal in progress to restart.</source>
        <translation>Сейчас нет начатой сдачи, которую можно переиграть.</translation>
    </message>
    <message>
        <source>Restart deal</source>
        <translation>Переиграть сдачу</translation>
    </message>
    <message numerus="yes">
        <source>Restart this deal? %n move(s) the players made in it will be taken back.</source>
        <translation>
            <numerusform>Переиграть эту сдачу? %n ход, сделанный в ней игроками, будет отменён.</numerusform>
            <numerusform>Переиграть эту сдачу? %n хода, сделанных в ней игроками, будут отменены.</numerusform>
            <numerusform>Переиграть эту сдачу? %n ходов, сделанных в ней игроками, будут отменены.</numerusform>
        </translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Переиграть</translation>
    </message>
    <message>
        <source>Game in progress</source>
        <translation>Игра не окончена</translation>
    </message>
    <message>
        <source>The game in progress will be closed. Do you want to save it first?</source>
        <translation>Текущая игра будет закрыта. Сохранить её?</translation>
    </message>
    <message>
        <source>Save the game as</source>
        <translation>Сохранить игру как</translation>
    </message>
    <message>
        <source>Open a game</source>
        <translation>Открыть игру</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>Не сохранено</translation>
    </message>
    <message>
        <source>The game could not be saved to “%1”: %2.</source>
        <translation>Не удалось сохранить игру в «%1»: %2.</translation>
    </message>
    <message>
        <source>Saved as “%1”.</source>
        <translation>Сохранено: «%1».</translation>
    </message>
    <message>
        <source>Cannot open the game</source>
        <translation>Не удаётся открыть игру</translation>
    </message>
    <message>
        <source>No recent games</source>
        <translation>Недавних игр нет</translation>
    </message>
    <message>
        <source>&amp;Clear the list</source>
        <translation>&amp;Очистить список</translation>
    </message>
    <message>
        <source>Undo is off when several people play at this screen (Settings).</source>
        <translation>Отмена хода выключена, когда за экраном играют несколько человек (см. Настройки).</translation>
    </message>
    <message>
        <source>There is no move of yours to take back.</source>
        <translation>Нет вашего хода, который можно отменить.</translation>
    </message>
    <message>
        <source>There is nothing to redo.</source>
        <translation>Нечего возвращать.</translation>
    </message>
    <message>
        <source>%1 — scored: %2</source>
        <translation>%1 — очки: %2</translation>
    </message>
    <message>
        <source>← → a move, PgUp PgDn a deal, Space plays and pauses, Esc closes</source>
        <translation>← → — ход, PgUp PgDn — сдача, пробел — пуск и пауза, Esc — выход</translation>
    </message>
    <message>
        <source>D</source>
        <translation>С</translation>
    </message>
    <message>
        <source>The dealer of this deal</source>
        <translation>Сдающий в этой сдаче</translation>
    </message>
    <message>
        <source>Pass the computer to %1</source>
        <translation>Передайте компьютер: %1</translation>
    </message>
    <message>
        <source>Everyone else, please look away. %1, click when you are ready: your cards will be shown.</source>
        <translation>Остальные, не смотрите на экран. %1, нажмите, когда будете готовы: ваши карты откроются.</translation>
    </message>
    <message>
        <source>I am %1 — show my cards</source>
        <translation>Это я, %1 — показать мои карты</translation>
    </message>
    <message>
        <source>Led by %1 (%2). Winning so far: %3 (%4).</source>
        <translation>Первая карта: %1 (%2). Пока старшая: %3 (%4).</translation>
    </message>
    <message>
        <source>you</source>
        <translation>вы</translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation>%1 думает…</translation>
    </message>
    <message>
        <source>You take the trick</source>
        <translation>Вы забираете взятку</translation>
    </message>
    <message>
        <source>%1 takes the trick</source>
        <translation>%1 забирает взятку</translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation>Сдача карт…</translation>
    </message>
    <message>
        <source>Pick a card with ← → and press Enter, click it, or press H for a hint.</source>
        <translation>Выберите карту стрелками ← → и нажмите Enter, щёлкните по ней или нажмите H, чтобы получить подсказку.</translation>
    </message>
    <message>
        <source>Thinking about a hint…</source>
        <translation>Думаю над подсказкой…</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>Подсказка: %1</translation>
    </message>
    <message>
        <source>Your turn: play a card</source>
        <translation>Ваш ход: сыграйте карту</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Ваш ход</translation>
    </message>
    <message>
        <source>Your only playable card goes by itself.</source>
        <translation>Единственная карта, которой можно сыграть, идёт сама.</translation>
    </message>
    <message>
        <source>The next deal starts by itself in %1 s; press Enter or click “Next deal” to start it now.</source>
        <translation>Следующая сдача начнётся сама через %1 с; нажмите Enter или «Следующая сдача», чтобы начать её сейчас.</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Разбор</translation>
    </message>
    <message>
        <source>The game is being saved again.</source>
        <translation>Партия снова сохраняется.</translation>
    </message>
    <message>
        <source>Moves not saved</source>
        <translation>Ходы не сохранены</translation>
    </message>
    <message>
        <source>&amp;Rules and how to play</source>
        <translation>&amp;Правила и как играть</translation>
    </message>
    <message>
        <source>Watching the game again</source>
        <translation>Просмотр игры</translation>
    </message>
    <message>
        <source>Next: %1 — pass the computer</source>
        <translation>Очередь: %1 — передайте компьютер</translation>
    </message>
    <message>
        <source>Next deal</source>
        <translation>Следующая сдача</translation>
    </message>
    <message>
        <source>Press Enter or click “Next deal” to go on.</source>
        <translation>Нажмите Enter или «Следующая сдача», чтобы продолжить.</translation>
    </message>
    <message>
        <source>Game over — you win</source>
        <translation>Игра окончена — вы победили</translation>
    </message>
    <message>
        <source>Game over — %1 wins</source>
        <translation>Игра окончена — победитель: %1</translation>
    </message>
    <message>
        <source>Game over — shared win: %1</source>
        <translation>Игра окончена — победу делят: %1</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Сыграть ещё раз</translation>
    </message>
    <message>
        <source>Watch again</source>
        <translation>Посмотреть заново</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>Новая игра…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>No trick has been played in this deal yet.</source>
        <translation>В этой сдаче ещё не сыграно ни одной взятки.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>%1, your turn: play a card</source>
        <translation>%1, ваш ход: сыграйте карту</translation>
    </message>
    <message>
        <source>Click a card, drag it to the middle, or pick it with ← → and press Enter</source>
        <translation>Щёлкните по карте, перетащите её в центр или выберите стрелками ← → и нажмите Enter</translation>
    </message>
    <message>
        <source>%1, your turn</source>
        <translation>%1, ваш ход</translation>
    </message>
    <message>
        <source>A card table for three Russian trick-taking games: King, Clubs and Metamorphosis.

All card art is made by the project.</source>
        <translation>Карточный стол для трёх русских взяточных игр: Кинг, Трефы и Метаморфоза.

Все рисунки карт сделаны в рамках проекта.</translation>
    </message>
    <message>
        <source>About CardTable</source>
        <translation>О программе CardTable</translation>
    </message>
</context>
<context>
    <name>MetamorphosisPresenter</name>
    <message>
        <source>Game %1 of %2</source>
        <translation>Партия %1 из %2</translation>
    </message>
    <message>
        <source>%1; you lead</source>
        <translation>%1; ходите вы</translation>
    </message>
    <message>
        <source>%1; %2 leads</source>
        <translation>%1; ходит %2</translation>
    </message>
    <message>
        <source>%1 this game</source>
        <translation>%1 в партии</translation>
    </message>
    <message>
        <source>declared</source>
        <translation>заявка сделана</translation>
    </message>
    <message>
        <source>Game %1</source>
        <translation>Партия %1</translation>
    </message>
    <message>
        <source>Game %1 of %2 is over</source>
        <translation>Партия %1 из %2 сыграна</translation>
    </message>
    <message>
        <source>Lay one declaration card face down: you score +10 for every rozygrysh of its kind that you win. All cards are turned up together once everyone has chosen.
%1</source>
        <translation>Положите одну карту заявки рубашкой вверх: +10 за каждый выигранный розыгрыш её вида. Когда заявят все, карты открываются разом.
%1</translation>
    </message>
    <message>
        <source>The stock: refills come from here after odd rozygryshi, and after even ones once a won pile runs out</source>
        <translation>Колода: после нечётных розыгрышей добирают отсюда, после чётных — когда кончилась стопка соседа</translation>
    </message>
    <message>
        <source>Your won pile, %1 cards; after even rozygryshi the right-hand neighbour refills from its top</source>
        <translation>Ваши взятки, карт: %1; после чётных розыгрышей сосед справа добирает сверху этой стопки</translation>
    </message>
    <message>
        <source>%1&apos;s won pile, %2 cards; after even rozygryshi the right-hand neighbour refills from its top</source>
        <translation>Взятки игрока %1, карт: %2; после чётных розыгрышей сосед справа добирает сверху этой стопки</translation>
    </message>
    <message>
        <source>Choose your declaration</source>
        <translation>Выберите заявку</translation>
    </message>
    <message>
        <source>Declared</source>
        <translation>Заявка сделана</translation>
    </message>
    <message>
        <source>Your declaration, face down until everyone has chosen</source>
        <translation>Ваша заявка: лежит рубашкой вверх, пока не заявят все</translation>
    </message>
    <message>
        <source>%1&apos;s declaration, face down until everyone has chosen</source>
        <translation>Заявка игрока %1: лежит рубашкой вверх, пока не заявят все</translation>
    </message>
    <message>
        <source>The turned card: it lies under the stock and is drawn last</source>
        <translation>Открытая карта: лежит под колодой, её берут последней</translation>
    </message>
    <message>
        <source>from a pile</source>
        <translation>из стопки</translation>
    </message>
</context>
<context>
    <name>OnlineWindow</name>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Чат</translation>
    </message>
    <message>
        <source>CardTable — network table %1</source>
        <translation>CardTable — стол по сети %1</translation>
    </message>
    <message>
        <source>%1 is away: a computer plays for them until they are back.</source>
        <translation>%1 — нет связи: пока не вернётся, за него играет компьютер.</translation>
    </message>
    <message>
        <source>away: a computer plays</source>
        <translation>нет связи: играет компьютер</translation>
    </message>
    <message>
        <source>%1 is away; the table waits for them.</source>
        <translation>%1 — нет связи; стол ждёт.</translation>
    </message>
    <message>
        <source>away</source>
        <translation>нет связи</translation>
    </message>
    <message>
        <source>%1 is back at the table.</source>
        <translation>%1 — снова за столом.</translation>
    </message>
    <message>
        <source>Connected to the table again.</source>
        <translation>Связь со столом восстановлена.</translation>
    </message>
    <message>
        <source>The connection to the table was lost; trying again… (the game waits on the server)</source>
        <translation>Связь со столом прервалась; пробуем снова… (игра ждёт на сервере)</translation>
    </message>
    <message>
        <source>Close the table? The game stops for everyone until you host it again; it is kept.</source>
        <translation>Закрыть стол? Игра остановится для всех, пока вы не соберёте стол снова; она сохранена.</translation>
    </message>
    <message>
        <source>Leave the table? Your seat stays yours: join again with the same invitation to play on.</source>
        <translation>Уйти из-за стола? Место останется за вами: войдите снова по тому же приглашению, чтобы играть дальше.</translation>
    </message>
    <message>
        <source>Network table</source>
        <translation>Стол по сети</translation>
    </message>
</context>
<context>
    <name>Pace</name>
    <message>
        <source>Instant</source>
        <translation>Мгновенный</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Быстрый</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Обычный</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Медленный</translation>
    </message>
</context>
<context>
    <name>PlayOnline</name>
    <message>
        <source>Host a table</source>
        <translation>Собрать стол</translation>
    </message>
    <message>
        <source>The table cannot be hosted: this computer does not let the program listen for other players (%1).</source>
        <translation>Стол не собрать: этот компьютер не даёт программе ждать других игроков (%1).</translation>
    </message>
    <message>
        <source>There is no table of yours to host again: its game is over or was never started here.</source>
        <translation>Нет вашего стола, чтобы собрать его снова: игра за ним окончена или не начиналась здесь.</translation>
    </message>
</context>
<context>
    <name>PlayerLevel</name>
    <message>
        <source>Easy</source>
        <translation>Лёгкий</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Средний</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Сильный</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Instant</source>
        <translation>Мгновенный</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Быстрый</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Обычный</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Медленный</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Язык:</translation>
    </message>
    <message>
        <source>Pace of play:</source>
        <translation>Темп игры:</translation>
    </message>
    <message>
        <source>How fast cards move and how long the computer players take.</source>
        <translation>Как быстро летят карты и сколько думают компьютерные игроки.</translation>
    </message>
    <message>
        <source>Next deal:</source>
        <translation>Следующая сдача:</translation>
    </message>
    <message>
        <source>Waits for the player</source>
        <translation>Ждёт игрока</translation>
    </message>
    <message>
        <source>Starts at once when only computers play</source>
        <translation>Начинается сразу, если играют одни компьютеры</translation>
    </message>
    <message>
        <source>Starts by itself after a pause</source>
        <translation>Начинается сама после паузы</translation>
    </message>
    <message>
        <source>After a deal&apos;s score. A game of computers alone goes on at once unless “Waits for the player” is chosen.</source>
        <translation>После счёта сдачи. Игра одних компьютеров продолжается сразу, если не выбрано «Ждёт игрока».</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>Pause before the next deal, in seconds</source>
        <translation>Пауза перед следующей сдачей, в секундах</translation>
    </message>
    <message>
        <source>Pause:</source>
        <translation>Пауза:</translation>
    </message>
    <message>
        <source>Play my card by itself when it is the only one allowed</source>
        <translation>Ходить за меня, когда можно сыграть только одну карту</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Тема стола:</translation>
    </message>
    <message>
        <source>Small</source>
        <translation>Маленький</translation>
    </message>
    <message>
        <source>Large</source>
        <translation>Большой</translation>
    </message>
    <message>
        <source>Card size:</source>
        <translation>Размер карт:</translation>
    </message>
    <message>
        <source>Card backs:</source>
        <translation>Рубашка карт:</translation>
    </message>
    <message>
        <source>Four-colour suits (♠ black, ♥ red, ♦ blue, ♣ green)</source>
        <translation>Четырёхцветные масти (♠ чёрные, ♥ красные, ♦ синие, ♣ зелёные)</translation>
    </message>
    <message>
        <source>High-contrast cards (large, bold corners)</source>
        <translation>Контрастные карты (крупные жирные индексы)</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Громкость</translation>
    </message>
    <message>
        <source>Mute</source>
        <translation>Без звука</translation>
    </message>
    <message>
        <source>Sound:</source>
        <translation>Звук:</translation>
    </message>
    <message>
        <source>No way to play sound was found on this computer: the table stays silent.</source>
        <translation>На этом компьютере не нашлось, чем проигрывать звук: стол будет играть молча.</translation>
    </message>
    <message>
        <source>Allow undo when several people play at this screen</source>
        <translation>Разрешить отмену хода, когда за экраном играют несколько человек</translation>
    </message>
    <message>
        <source>Only if every player agrees: a move taken back is a move the others have seen.</source>
        <translation>Только если согласны все игроки: отменённый ход другие уже видели.</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <translation>Папка</translation>
    </message>
    <message>
        <source>File Folder</source>
        <translation>Папка с файлами</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Диск</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Папка:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>&amp;Тип файлов:</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>Previous deal</source>
        <translation>Предыдущая сдача</translation>
    </message>
    <message>
        <source>Step back</source>
        <translation>Ход назад</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Пуск</translation>
    </message>
    <message>
        <source>Step forward</source>
        <translation>Ход вперёд</translation>
    </message>
    <message>
        <source>Next deal</source>
        <translation>Следующая сдача</translation>
    </message>
    <message>
        <source>Deal</source>
        <translation>Сдача</translation>
    </message>
    <message>
        <source>Jump to a deal</source>
        <translation>Перейти к сдаче</translation>
    </message>
    <message>
        <source>Position in the game</source>
        <translation>Место в игре</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Место</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Скорость</translation>
    </message>
    <message>
        <source>How fast the game is played back</source>
        <translation>Как быстро показывать игру</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Медленная</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Обычная</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Быстрая</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>Таблица очков</translation>
    </message>
    <message>
        <source>Take over from here</source>
        <translation>Играть отсюда</translation>
    </message>
    <message>
        <source>Play on from this position; what followed it is left out</source>
        <translation>Продолжить игру с этого места; всё, что было дальше, отбрасывается</translation>
    </message>
    <message>
        <source>Close replay</source>
        <translation>Закрыть просмотр</translation>
    </message>
    <message>
        <source>Back to the table (Esc)</source>
        <translation>Назад к столу (Esc)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
</context>
<context>
    <name>ReplaySession</name>
    <message>
        <source>move %1 of %2</source>
        <translation>ход %1 из %2</translation>
    </message>
</context>
<context>
    <name>ReviewRunWords</name>
    <message>
        <source>The review with every card known stopped: %1</source>
        <translation>Разбор с открытыми картами прервался: %1</translation>
    </message>
    <message>
        <source>The review could not be written to “%1”: %2. It stays with the game while it is open.</source>
        <translation>Не удалось записать разбор в «%1»: %2. Он остаётся с игрой, пока она открыта.</translation>
    </message>
    <message>
        <source>The review was kept in “%1”.</source>
        <translation>Разбор сохранён в «%1».</translation>
    </message>
    <message>
        <source>Review whose decisions?</source>
        <translation>Чьи решения разобрать?</translation>
    </message>
    <message>
        <source>The review stopped: %1</source>
        <translation>Разбор прервался: %1</translation>
    </message>
    <message>
        <source>Review of decisions</source>
        <translation>Разбор решений</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Разобрать</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Stop the review; nothing of it is kept</source>
        <translation>Остановить разбор; ничего из него не сохранится</translation>
    </message>
    <message>
        <source>Watch with the marks</source>
        <translation>Смотреть с пометками</translation>
    </message>
    <message>
        <source>Watch the game again with each costly decision marked on the slider</source>
        <translation>Посмотреть игру заново, с каждым дорогим решением, отмеченным на ползунке</translation>
    </message>
    <message>
        <source>Also with every card known</source>
        <translation>Ещё и с открытыми картами</translation>
    </message>
    <message>
        <source>Judge the same decisions again with every hand known — shown apart: a fair decision can lose to the cards</source>
        <translation>Оценить те же решения, зная все руки, — отдельно: верное решение может проиграть раскладу</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message numerus="yes">
        <source>%n forced move(s) not counted</source>
        <translation>
            <numerusform>%n вынужденный ход не учтён</numerusform>
            <numerusform>%n вынужденных хода не учтены</numerusform>
            <numerusform>%n вынужденных ходов не учтено</numerusform>
        </translation>
    </message>
    <message>
        <source>No decision to weigh: every move had only one choice</source>
        <translation>Оценивать нечего: у каждого хода был лишь один вариант</translation>
    </message>
    <message>
        <source>Your decisions: accuracy %1%</source>
        <translation>Ваши решения: точность %1&#xa0;%</translation>
    </message>
    <message>
        <source>%2’s decisions: accuracy %1%</source>
        <translation>Решения игрока %2: точность %1&#xa0;%</translation>
    </message>
    <message>
        <source>%1 points lost a decision on average</source>
        <translation>в среднем %1 очка потеряно на решении</translation>
    </message>
    <message>
        <source>inaccuracies: %1</source>
        <translation>неточностей: %1</translation>
    </message>
    <message>
        <source>mistakes: %1</source>
        <translation>ошибок: %1</translation>
    </message>
    <message>
        <source>blunders: %1</source>
        <translation>грубых ошибок: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n decision(s) weighed</source>
        <translation>
            <numerusform>оценено %n решение</numerusform>
            <numerusform>оценено %n решения</numerusform>
            <numerusform>оценено %n решений</numerusform>
        </translation>
    </message>
    <message>
        <source>With every card known (hindsight): accuracy %1% · %2 points lost a decision on average</source>
        <translation>С открытыми картами (задним числом): точность %1&#xa0;% · в среднем %2 очка потеряно на решении</translation>
    </message>
    <message>
        <source>Reviewing with every card known… %1 of %2</source>
        <translation>Разбор с открытыми картами… %1 из %2</translation>
    </message>
    <message>
        <source>Reviewing %3’s decisions with every card known… %1 of %2</source>
        <translation>Разбор с открытыми картами, игрок %3… %1 из %2</translation>
    </message>
    <message>
        <source>Reviewing your decisions… %1 of %2</source>
        <translation>Разбираем ваши решения… %1 из %2</translation>
    </message>
    <message>
        <source>Reviewing %3’s decisions… %1 of %2</source>
        <translation>Разбираем решения игрока %3… %1 из %2</translation>
    </message>
</context>
<context>
    <name>ReviewTrend</name>
    <message>
        <source>Accuracy of the last reviewed games</source>
        <translation>Точность в последних разобранных играх</translation>
    </message>
    <message>
        <source>No game at this table has been reviewed yet. Review a finished game (Game ▸ Review decisions) to see how accurate your decisions were and what they cost.</source>
        <translation>Ни одна игра за этим столом ещё не разобрана. Разберите законченную игру (Игра ▸ Разбор решений), чтобы увидеть, насколько точны были ваши решения и чего они стоили.</translation>
    </message>
    <message>
        <source>● your own play   ○ assisted (an undo, a hint, or watching again or taking over)</source>
        <translation>● своя игра   ○ с помощью (отмена хода, подсказка, просмотр заново или игра с места)</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <source>%1 points lost a decision</source>
        <translation>%1 очка потерь на решение</translation>
    </message>
    <message>
        <source>%1: %2 accurate, %3</source>
        <translation>%1: точность %2, %3</translation>
    </message>
    <message>
        <source>inaccuracies: %1, mistakes: %2, blunders: %3</source>
        <translation>неточностей: %1, ошибок: %2, грубых ошибок: %3</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 (assisted)</source>
        <translation>%1 (с помощью)</translation>
    </message>
    <message>
        <source>Latest game (%1): %2 accurate, %3.</source>
        <translation>Последняя игра (%1): точность %2, %3.</translation>
    </message>
    <message numerus="yes">
        <source>Mean of the %n assisted game(s) shown: %1 accurate, %2.</source>
        <translation>
            <numerusform>Среднее за %n показанную игру с помощью: точность %1, %2.</numerusform>
            <numerusform>Среднее за %n показанные игры с помощью: точность %1, %2.</numerusform>
            <numerusform>Среднее за %n показанных игр с помощью: точность %1, %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mean of the %n game(s) shown without help: %1 accurate, %2.</source>
        <translation>
            <numerusform>Среднее за %n показанную игру без помощи: точность %1, %2.</numerusform>
            <numerusform>Среднее за %n показанные игры без помощи: точность %1, %2.</numerusform>
            <numerusform>Среднее за %n показанных игр без помощи: точность %1, %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mean of the %n game(s) shown: %1 accurate, %2.</source>
        <translation>
            <numerusform>Среднее за %n показанную игру: точность %1, %2.</numerusform>
            <numerusform>Среднее за %n показанные игры: точность %1, %2.</numerusform>
            <numerusform>Среднее за %n показанных игр: точность %1, %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Decisions reviewed: %1</source>
        <translation>Разбор решений: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n reviewed game(s), oldest first:</source>
        <translation>
            <numerusform>%n разобранная игра, сначала старые:</numerusform>
            <numerusform>%n разобранные игры, сначала старые:</numerusform>
            <numerusform>%n разобранных игр, сначала старые:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewWords</name>
    <message>
        <source>inaccuracy</source>
        <translation>неточность</translation>
    </message>
    <message>
        <source>mistake</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>blunder</source>
        <translation>грубая ошибка</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>«%1»</translation>
    </message>
    <message>
        <source>%1, move %2</source>
        <translation>%1, ход %2</translation>
    </message>
    <message>
        <source>%1: %2 — %3, %4 points lost</source>
        <translation>%1: %2 — %3, потеряно %4 очка</translation>
    </message>
    <message>
        <source>expected %1 ± %2 points</source>
        <translation>в среднем %1 ± %2 очка</translation>
    </message>
    <message>
        <source>Chosen: %1 — %2</source>
        <translation>Выбрано: %1 — %2</translation>
    </message>
    <message>
        <source>Better: %1 — %2</source>
        <translation>Лучше: %1 — %2</translation>
    </message>
    <message>
        <source>Leading %1 cost %2 points on average.</source>
        <translation>Заход с %1 стоил в среднем %2 очка.</translation>
    </message>
    <message>
        <source>Playing %1 cost %2 points on average.</source>
        <translation>Ход %1 стоил в среднем %2 очка.</translation>
    </message>
    <message>
        <source>%1: leading %2 cost %3 points on average.</source>
        <translation>%1: заход с %2 стоил в среднем %3 очка.</translation>
    </message>
    <message>
        <source>%1: playing %2 cost %3 points on average.</source>
        <translation>%1: ход %2 стоил в среднем %3 очка.</translation>
    </message>
    <message>
        <source>Choosing %1 cost %2 points on average.</source>
        <translation>Выбор %1 стоил в среднем %2 очка.</translation>
    </message>
    <message>
        <source>%1: choosing %2 cost %3 points on average.</source>
        <translation>%1: выбор %2 стоил в среднем %3 очка.</translation>
    </message>
    <message>
        <source>Better: %1.</source>
        <translation>Лучше: %1.</translation>
    </message>
    <message>
        <source>Better: %1 — %2.</source>
        <translation>Лучше: %1 — %2.</translation>
    </message>
    <message>
        <source>It was the best choice.</source>
        <translation>Это был лучший выбор.</translation>
    </message>
    <message>
        <source>Within the estimate&apos;s noise: not marked.</source>
        <translation>В пределах погрешности оценки: не отмечено.</translation>
    </message>
    <message>
        <source>With every card known, the choice made was the best.</source>
        <translation>Если знать все карты, сделанный выбор был лучшим.</translation>
    </message>
    <message>
        <source>With every card known, the best was %1 (%2); the choice made cost %3 points.</source>
        <translation>Если знать все карты, лучшим было %1 (%2); сделанный выбор стоил %3 очка.</translation>
    </message>
    <message numerus="yes">
        <source>%n forced move(s) not counted</source>
        <translation>
            <numerusform>%n вынужденный ход не учтён</numerusform>
            <numerusform>%n вынужденных хода не учтены</numerusform>
            <numerusform>%n вынужденных ходов не учтено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n decision(s) marked</source>
        <translation>
            <numerusform>отмечено %n решение</numerusform>
            <numerusform>отмечено %n решения</numerusform>
            <numerusform>отмечено %n решений</numerusform>
        </translation>
    </message>
    <message>
        <source>Previous marked decision</source>
        <translation>Предыдущее отмеченное решение</translation>
    </message>
    <message>
        <source>Next marked decision</source>
        <translation>Следующее отмеченное решение</translation>
    </message>
    <message>
        <source>Costliest decisions</source>
        <translation>Самые дорогие решения</translation>
    </message>
    <message>
        <source>No decision is marked.</source>
        <translation>Ни одно решение не отмечено.</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>выбрана</translation>
    </message>
    <message>
        <source>better</source>
        <translation>лучше</translation>
    </message>
    <message>
        <source>Play on from this decision yourself and try the better choice</source>
        <translation>Сыграть самому с этого решения и попробовать лучший выбор</translation>
    </message>
    <message>
        <source>Hindsight — every card known (not part of the marks)</source>
        <translation>Задним числом — все карты известны (в оценки не входит)</translation>
    </message>
    <message>
        <source>No decision of the reviewed seat here</source>
        <translation>Здесь нет решения разбираемого игрока</translation>
    </message>
    <message>
        <source>Click a line of the list, or press N and P, to go to a marked decision.</source>
        <translation>Щёлкните строку списка или нажмите N и P, чтобы перейти к отмеченному решению.</translation>
    </message>
    <message>
        <source>%1 — %2: %3 points lost</source>
        <translation>%1 — %2: потеряно %3 очка</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>Rules of the games</source>
        <translation>Правила игр</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>The rules of %1 could not be read.</source>
        <translation>Не удалось прочитать правила игры «%1».</translation>
    </message>
</context>
<context>
    <name>RulesGlossary</name>
    <message>
        <source>King</source>
        <translation>King</translation>
    </message>
    <message>
        <source>Кинг</source>
        <translation>Кинг</translation>
    </message>
    <message>
        <source>The game of penalty deals and points won back; also the King of Hearts, which gives the game its name.</source>
        <translation>Игра штрафных сдач и отыгрыша; так же зовут короля червей, давшего игре имя.</translation>
    </message>
    <message>
        <source>penalty stage</source>
        <translation>penalty stage</translation>
    </message>
    <message>
        <source>штрафной</source>
        <translation>штрафной</translation>
    </message>
    <message>
        <source>The first stage of King: every deal forbids taking something.</source>
        <translation>Первый этап кинга: в каждой сдаче что-то нельзя брать.</translation>
    </message>
    <message>
        <source>positive stage</source>
        <translation>positive stage</translation>
    </message>
    <message>
        <source>отыгрыш</source>
        <translation>отыгрыш</translation>
    </message>
    <message>
        <source>The second stage of King, in which the points are won back.</source>
        <translation>Второй этап кинга, в котором очки отыгрываются.</translation>
    </message>
    <message>
        <source>boys, girls</source>
        <translation>boys, girls</translation>
    </message>
    <message>
        <source>мальчики, девочки</source>
        <translation>мальчики, девочки</translation>
    </message>
    <message>
        <source>Jacks (with the option, jacks and kings) and queens.</source>
        <translation>Валеты (по выбору — валеты и короли) и дамы.</translation>
    </message>
    <message>
        <source>eralash</source>
        <translation>eralash</translation>
    </message>
    <message>
        <source>ералаш</source>
        <translation>ералаш</translation>
    </message>
    <message>
        <source>The last penalty deal of King: every penalty at once.</source>
        <translation>Последняя штрафная сдача кинга: все штрафы сразу.</translation>
    </message>
    <message>
        <source>reverse eralash</source>
        <translation>reverse eralash</translation>
    </message>
    <message>
        <source>обратный ералаш</source>
        <translation>обратный ералаш</translation>
    </message>
    <message>
        <source>The eralash again, every penalty scored as plus points.</source>
        <translation>Ещё один ералаш, в котором каждый штраф идёт в плюс.</translation>
    </message>
    <message>
        <source>short game</source>
        <translation>short game</translation>
    </message>
    <message>
        <source>короткий кинг</source>
        <translation>короткий кинг</translation>
    </message>
    <message>
        <source>King without the eralash and with a shorter positive stage.</source>
        <translation>Кинг без ералаша и с более коротким отыгрышем.</translation>
    </message>
    <message>
        <source>khvalyonka, khvalyonki</source>
        <translation>khvalyonka, khvalyonki</translation>
    </message>
    <message>
        <source>хвалёнка, хвалёнки</source>
        <translation>хвалёнка, хвалёнки</translation>
    </message>
    <message>
        <source>An ordered deal of the positive stage: having seen three cards, the forehand orders the contract.</source>
        <translation>Сдача отыгрыша с заказом: посмотрев три карты, первая рука заказывает игру.</translation>
    </message>
    <message>
        <source>forehand</source>
        <translation>forehand</translation>
    </message>
    <message>
        <source>первая рука</source>
        <translation>первая рука</translation>
    </message>
    <message>
        <source>The player to the dealer&apos;s left.</source>
        <translation>Игрок слева от сдающего.</translation>
    </message>
    <message>
        <source>order</source>
        <translation>order</translation>
    </message>
    <message>
        <source>заказ</source>
        <translation>заказ</translation>
    </message>
    <message>
        <source>The contract named for a khvalyonka; in Clubs, a bid.</source>
        <translation>Игра, названная в хвалёнке; в трефах — число взяток.</translation>
    </message>
    <message>
        <source>no trumps</source>
        <translation>no trumps</translation>
    </message>
    <message>
        <source>бескозырка</source>
        <translation>бескозырка</translation>
    </message>
    <message>
        <source>A khvalyonka played without trumps.</source>
        <translation>Хвалёнка без козырей.</translation>
    </message>
    <message>
        <source>by the last card</source>
        <translation>by the last card</translation>
    </message>
    <message>
        <source>по последней</source>
        <translation>по последней</translation>
    </message>
    <message>
        <source>A khvalyonka whose trump is the suit of the orderer&apos;s last card, dealt face up.</source>
        <translation>Хвалёнка, в которой козырь — масть последней карты заказчика, сданной в открытую.</translation>
    </message>
    <message>
        <source>misère</source>
        <translation>misère</translation>
    </message>
    <message>
        <source>мизер</source>
        <translation>мизер</translation>
    </message>
    <message>
        <source>A khvalyonka without trumps and with the ranks reversed.</source>
        <translation>Хвалёнка без козырей, со старшинством карт наоборот.</translation>
    </message>
    <message>
        <source>split</source>
        <translation>split</translation>
    </message>
    <message>
        <source>расписать</source>
        <translation>расписать</translation>
    </message>
    <message>
        <source>A khvalyonka not played: the tricks are shared out.</source>
        <translation>Хвалёнка без игры: взятки просто записываются.</translation>
    </message>
    <message>
        <source>buying</source>
        <translation>buying</translation>
    </message>
    <message>
        <source>перекупка</source>
        <translation>перекупка</translation>
    </message>
    <message>
        <source>Taking over a khvalyonka from its orderer for a price in tricks.</source>
        <translation>Покупка хвалёнки у заказчика за цену во взятках.</translation>
    </message>
    <message>
        <source>Clubs</source>
        <translation>Clubs</translation>
    </message>
    <message>
        <source>Трефы</source>
        <translation>Трефы</translation>
    </message>
    <message>
        <source>The game of exact bids with clubs as trumps.</source>
        <translation>Игра на точный заказ при козырях-трефах.</translation>
    </message>
    <message>
        <source>auction</source>
        <translation>auction</translation>
    </message>
    <message>
        <source>торговля</source>
        <translation>торговля</translation>
    </message>
    <message>
        <source>Bidding in turn until the highest bid is left; its bidder plays the contract.</source>
        <translation>Заказы по очереди, пока не останется самый высокий; его и играет заказавший.</translation>
    </message>
    <message>
        <source>everyone bids</source>
        <translation>everyone bids</translation>
    </message>
    <message>
        <source>заказывают все</source>
        <translation>заказывают все</translation>
    </message>
    <message>
        <source>Each player names his tricks once, and everyone scores.</source>
        <translation>Каждый один раз называет свои взятки, и очки получают все.</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>pass</translation>
    </message>
    <message>
        <source>пас</source>
        <translation>пас</translation>
    </message>
    <message>
        <source>Declining to bid or to buy.</source>
        <translation>Отказ от заказа или перекупки.</translation>
    </message>
    <message>
        <source>Metamorphosis</source>
        <translation>Metamorphosis</translation>
    </message>
    <message>
        <source>Метаморфоза</source>
        <translation>Метаморфоза</translation>
    </message>
    <message>
        <source>The game whose trumps and trick values change every trick.</source>
        <translation>Игра, в которой козыри и цена взятки меняются с каждой взяткой.</translation>
    </message>
    <message>
        <source>rozygrysh, rozygryshi</source>
        <translation>rozygrysh, rozygryshi</translation>
    </message>
    <message>
        <source>розыгрыш, розыгрыши</source>
        <translation>розыгрыш, розыгрыши</translation>
    </message>
    <message>
        <source>One trick of Metamorphosis, with its own trumps and scoring.</source>
        <translation>Одна взятка метаморфозы со своими козырями и ценой.</translation>
    </message>
    <message>
        <source>game</source>
        <translation>game</translation>
    </message>
    <message>
        <source>партия</source>
        <translation>партия</translation>
    </message>
    <message>
        <source>In Metamorphosis, the 12 or 16 rozygryshi of one deal; a match has one or more.</source>
        <translation>В метаморфозе — 12 или 16 розыгрышей одной сдачи; в матче их одна или несколько.</translation>
    </message>
    <message>
        <source>declaration</source>
        <translation>declaration</translation>
    </message>
    <message>
        <source>заявка</source>
        <translation>заявка</translation>
    </message>
    <message>
        <source>The card laid face down to name the kind of rozygrysh a player means to win.</source>
        <translation>Карта, положенная рубашкой вверх: вид розыгрыша, который игрок хочет выигрывать.</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Словарь</translation>
    </message>
    <message>
        <source>In the English version</source>
        <translation>В английской версии</translation>
    </message>
    <message>
        <source>In Russian</source>
        <translation>По-русски</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>The games come from Russia, and some of their terms have no English word: the English version writes those in Latin letters (simplified BGN/PCGN). Here is each term in both versions.</source>
        <translation>Эти игры пришли из России, и для некоторых их терминов в английском языке нет слова: английская версия пишет их латиницей (упрощённая система BGN/PCGN). Здесь каждый термин — в обеих версиях.</translation>
    </message>
</context>
<context>
    <name>SaveWords</name>
    <message>
        <source>Save as…</source>
        <translation>Сохранить как…</translation>
    </message>
    <message>
        <source>Quit without saving</source>
        <translation>Не сохранять</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>диск заполнен</translation>
    </message>
    <message>
        <source>CardTable has no permission to write there</source>
        <translation>у CardTable нет прав на запись в эту папку</translation>
    </message>
    <message>
        <source>a folder named “%1” is in the way of the save file</source>
        <translation>на месте файла сохранения находится папка «%1»</translation>
    </message>
    <message>
        <source>The game in progress cannot be saved in the folder “%1”: %2.</source>
        <translation>Не удаётся сохранить текущую партию в папке «%1»: %2.</translation>
    </message>
    <message numerus="yes">
        <source>If CardTable closed now, %n move(s) of this game would be lost.</source>
        <translation>
            <numerusform>Если закрыть CardTable сейчас, будет потерян %n ход этой партии.</numerusform>
            <numerusform>Если закрыть CardTable сейчас, будут потеряны %n хода этой партии.</numerusform>
            <numerusform>Если закрыть CardTable сейчас, будут потеряны %n ходов этой партии.</numerusform>
        </translation>
    </message>
    <message>
        <source>The game as it stands was saved as “%1”.</source>
        <translation>Партия в её нынешнем виде сохранена как «%1».</translation>
    </message>
    <message numerus="yes">
        <source>The game was saved as “%1”, %n move(s) ago.</source>
        <translation>
            <numerusform>Партия сохранена как «%1» %n ход назад.</numerusform>
            <numerusform>Партия сохранена как «%1» %n хода назад.</numerusform>
            <numerusform>Партия сохранена как «%1» %n ходов назад.</numerusform>
        </translation>
    </message>
    <message>
        <source>CardTable keeps trying to save.</source>
        <translation>CardTable продолжает попытки сохранить партию.</translation>
    </message>
    <message numerus="yes">
        <source>%n move(s) of the game in progress would be lost if you quit now: the game cannot be saved in the folder “%1” (%2).</source>
        <translation>
            <numerusform>Если выйти сейчас, будет потерян %n ход текущей партии: её не удаётся сохранить в папке «%1» (%2).</numerusform>
            <numerusform>Если выйти сейчас, будут потеряны %n хода текущей партии: её не удаётся сохранить в папке «%1» (%2).</numerusform>
            <numerusform>Если выйти сейчас, будут потеряны %n ходов текущей партии: её не удаётся сохранить в папке «%1» (%2).</numerusform>
        </translation>
    </message>
    <message>
        <source>Problem keeping the game</source>
        <translation>Проблема с сохранением партии</translation>
    </message>
    <message>
        <source>The game is not being saved</source>
        <translation>Партия не сохраняется</translation>
    </message>
    <message>
        <source>Save the game in progress to a file somewhere else</source>
        <translation>Сохранить текущую партию в файл в другом месте</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Повторить</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Hide these notes</source>
        <translation>Скрыть эти сообщения</translation>
    </message>
</context>
<context>
    <name>ScoreSheet</name>
    <message>
        <source>Total (to %1; at most %2 deals)</source>
        <translation>Итого (до %1; сдач не больше %2)</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>%1. Khvalyonka: %2</source>
        <translation>%1. Хвалёнка: %2</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Итого</translation>
    </message>
    <message>
        <source>Deal</source>
        <translation>Сдача</translation>
    </message>
    <message>
        <source>Deal %1 — %2, contract %3</source>
        <translation>Сдача %1 — %2, заказ %3</translation>
    </message>
    <message>
        <source>Deal %1 — %2</source>
        <translation>Сдача %1 — %2</translation>
    </message>
    <message>
        <source>Deal %1</source>
        <translation>Сдача %1</translation>
    </message>
    <message>
        <source>Total (to %1)</source>
        <translation>Итого (игра до %1)</translation>
    </message>
    <message>
        <source>Game %1</source>
        <translation>Партия %1</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Партия</translation>
    </message>
    <message>
        <source>Places: %1</source>
        <translation>Места: %1</translation>
    </message>
    <message>
        <source>The sum of the row: the game is zero-sum, so at the end the total row sums to 0</source>
        <translation>Сумма строки: игра с нулевой суммой, поэтому в конце игры строка «Итого» даёт 0</translation>
    </message>
    <message>
        <source>Score sheet — %1</source>
        <translation>Таблица очков — %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Suggested for %1 players: %2 — %3.</source>
        <translation>Советуем при %1 игроках: %2 — %3.</translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation>Выбрать %1</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Новая игра</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Игра</translation>
    </message>
    <message>
        <source>Coming in a later version</source>
        <translation>Появится в следующих версиях</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Игроки</translation>
    </message>
    <message>
        <source>&amp;Number of players:</source>
        <translation>&amp;Число игроков:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Уровень</translation>
    </message>
    <message>
        <source>Name of player %1</source>
        <translation>Имя игрока %1</translation>
    </message>
    <message>
        <source>Player %1: human or computer</source>
        <translation>Игрок %1: человек или компьютер</translation>
    </message>
    <message>
        <source>Level of player %1</source>
        <translation>Уровень игрока %1</translation>
    </message>
    <message>
        <source>P&amp;ace</source>
        <translation>&amp;Темп</translation>
    </message>
    <message>
        <source>Pace</source>
        <translation>Темп</translation>
    </message>
    <message>
        <source>How fast cards move and computer players make their moves.</source>
        <translation>Как быстро движутся карты и ходят компьютерные игроки.</translation>
    </message>
    <message>
        <source>Rules of %1</source>
        <translation>Правила игры «%1»</translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation>Недоступно: %1.</translation>
    </message>
    <message>
        <source>Switched to “%1”: “%2” is not available — %3.</source>
        <translation>Выбран вариант «%1»: вариант «%2» недоступен — %3.</translation>
    </message>
    <message>
        <source>“%1” is not available: %2.</source>
        <translation>Вариант «%1» недоступен: %2.</translation>
    </message>
    <message>
        <source>Player %1 has no name.</source>
        <translation>У игрока %1 нет имени.</translation>
    </message>
    <message>
        <source>Player %1: the name is longer than %2 characters.</source>
        <translation>Игрок %1: имя длиннее %2 символов.</translation>
    </message>
    <message>
        <source>Player %1: the name has characters that cannot be shown.</source>
        <translation>Игрок %1: в имени есть символы, которые нельзя показать.</translation>
    </message>
    <message>
        <source>Players %1 and %2 have the same name.</source>
        <translation>У игроков %1 и %2 одинаковые имена.</translation>
    </message>
    <message>
        <source>There are no computer players for %1 yet.</source>
        <translation>Для игры «%1» пока нет компьютерных игроков.</translation>
    </message>
    <message>
        <source>Player %1: choose a computer level.</source>
        <translation>Игрок %1: выберите уровень компьютера.</translation>
    </message>
    <message>
        <source>Player %1: choose human or computer.</source>
        <translation>Игрок %1: выберите человека или компьютер.</translation>
    </message>
    <message>
        <source>The number of seats does not match the number of players.</source>
        <translation>Число мест не совпадает с числом игроков.</translation>
    </message>
    <message>
        <source>Choose a game.</source>
        <translation>Выберите игру.</translation>
    </message>
</context>
<context>
    <name>SingleInstance</name>
    <message>
        <source>CardTable is already running</source>
        <translation>Программа CardTable уже запущена</translation>
    </message>
    <message>
        <source>CardTable is already running for this account but does not answer. Switch to its window, or wait a moment and start it again: a second copy would overwrite the game it keeps.</source>
        <translation>Программа CardTable уже запущена под этой учётной записью, но не отвечает. Перейдите в её окно или подождите немного и запустите её снова: вторая копия записала бы свою партию поверх сохранённой.</translation>
    </message>
</context>
<context>
    <name>Spoken</name>
    <message>
        <source>You: %1</source>
        <translation>Вы: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>You take the trick</source>
        <translation>Взятку берёте вы</translation>
    </message>
    <message>
        <source>%1 takes the trick</source>
        <translation>Взятку берёт %1</translation>
    </message>
    <message>
        <source>Your cards: %1.</source>
        <translation>Ваши карты: %1.</translation>
    </message>
    <message>
        <source>you</source>
        <translation>вы</translation>
    </message>
    <message>
        <source>On the table: %1.</source>
        <translation>На столе: %1.</translation>
    </message>
    <message>
        <source>%1 has %2</source>
        <translation>У игрока %1 — %2</translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message>
        <source>Statistics</source>
        <translation>Статистика</translation>
    </message>
    <message>
        <source>These statistics are kept for this run only: the statistics file could not be used.</source>
        <translation>Эта статистика хранится только до закрытия программы: файл статистики не удалось использовать.</translation>
    </message>
    <message>
        <source>Some results are still being recorded and are not counted here yet.</source>
        <translation>Некоторые результаты ещё записываются и пока здесь не учтены.</translation>
    </message>
    <message>
        <source>Statistics by game</source>
        <translation>Статистика по играм</translation>
    </message>
    <message>
        <source>Assisted games — an undo, a hint, or watching again or taking over before the end was used. They are counted apart, so that the other figures show the player&apos;s own play alone.</source>
        <translation>Игры с помощью — с отменой хода, подсказкой, просмотром или игрой с выбранного места до конца партии. Они считаются отдельно, чтобы остальные цифры показывали только собственную игру.</translation>
    </message>
    <message>
        <source>Assisted games</source>
        <translation>Игры с помощью</translation>
    </message>
    <message>
        <source>Last games</source>
        <translation>Последние игры</translation>
    </message>
    <message>
        <source>&amp;Player:</source>
        <translation>&amp;Игрок:</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Игра</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Сыграно</translation>
    </message>
    <message>
        <source>Games begun, finished or not</source>
        <translation>Начатые игры, оконченные и нет</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Окончено</translation>
    </message>
    <message>
        <source>Games played to the end</source>
        <translation>Игры, доигранные до конца</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Побед</translation>
    </message>
    <message>
        <source>First places, shared ones included</source>
        <translation>Первые места, в том числе разделённые</translation>
    </message>
    <message>
        <source>Win %</source>
        <translation>% побед</translation>
    </message>
    <message>
        <source>Games won out of games played</source>
        <translation>Доля выигранных среди сыгранных игр</translation>
    </message>
    <message>
        <source>Average
total</source>
        <translation>Средний
счёт</translation>
    </message>
    <message>
        <source>The average final total of finished games</source>
        <translation>Средний итоговый счёт оконченных игр</translation>
    </message>
    <message>
        <source>Best
total</source>
        <translation>Лучший
счёт</translation>
    </message>
    <message>
        <source>The highest final total</source>
        <translation>Самый высокий итоговый счёт</translation>
    </message>
    <message>
        <source>Average
place</source>
        <translation>Среднее
место</translation>
    </message>
    <message>
        <source>The average place in finished games</source>
        <translation>Среднее место в оконченных играх</translation>
    </message>
    <message>
        <source>Longest
winning run</source>
        <translation>Самая длинная
серия побед</translation>
    </message>
    <message>
        <source>The most finished games won in a row</source>
        <translation>Наибольшее число оконченных игр, выигранных подряд</translation>
    </message>
    <message>
        <source>&amp;Export as CSV…</source>
        <translation>&amp;Экспорт в CSV…</translation>
    </message>
    <message>
        <source>Export as CSV</source>
        <translation>Экспорт в CSV</translation>
    </message>
    <message>
        <source>&amp;Reset…</source>
        <translation>&amp;Сбросить…</translation>
    </message>
    <message>
        <source>Reset the statistics</source>
        <translation>Сбросить статистику</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n player(s)</source>
        <translation>
            <numerusform>%1, %n игрок</numerusform>
            <numerusform>%1, %n игрока</numerusform>
            <numerusform>%1, %n игроков</numerusform>
        </translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation>не окончена</translation>
    </message>
    <message>
        <source>won</source>
        <translation>победа</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>поражение</translation>
    </message>
    <message>
        <source>undo</source>
        <translation>отмена хода</translation>
    </message>
    <message>
        <source>hint</source>
        <translation>подсказка</translation>
    </message>
    <message>
        <source>watched or taken over</source>
        <translation>просмотр, игра с места</translation>
    </message>
    <message>
        <source>The statistics could not be read: %1</source>
        <translation>Не удалось прочитать статистику: %1</translation>
    </message>
    <message>
        <source>No games played yet. Each game you play is counted here, from your first move to its end.</source>
        <translation>Сыгранных игр пока нет. Каждая игра учитывается здесь — с вашего первого хода до её конца.</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Все</translation>
    </message>
    <message>
        <source>Last games: %1</source>
        <translation>Последние игры: %1</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Дата</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Счёт</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Место</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Итог</translation>
    </message>
    <message>
        <source>Assisted</source>
        <translation>Помощь</translation>
    </message>
    <message>
        <source>Opponents</source>
        <translation>Соперники</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <source>Export statistics</source>
        <translation>Экспорт статистики</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>Файлы CSV (*.csv);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Not exported</source>
        <translation>Не сохранено</translation>
    </message>
    <message>
        <source>The statistics could not be written to %1:
%2</source>
        <translation>Не удалось записать статистику в %1:
%2</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) written to %1</source>
        <translation>
            <numerusform>%n строка записана в %1</numerusform>
            <numerusform>%n строки записаны в %1</numerusform>
            <numerusform>%n строк записано в %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the statistics of every game? This cannot be undone.</source>
        <translation>Удалить статистику всех игр? Это нельзя отменить.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Not reset</source>
        <translation>Не сброшено</translation>
    </message>
    <message>
        <source>The statistics could not be reset: %1</source>
        <translation>Не удалось сбросить статистику: %1</translation>
    </message>
    <message>
        <source>The statistics have been reset.</source>
        <translation>Статистика сброшена.</translation>
    </message>
</context>
<context>
    <name>StatsKeeper</name>
    <message>
        <source>another program keeps the statistics busy</source>
        <translation>статистика занята другой программой</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>диск заполнен</translation>
    </message>
    <message>
        <source>there is no permission to write there</source>
        <translation>нет прав на запись в эту папку</translation>
    </message>
    <message>
        <source>too many results are waiting to be recorded</source>
        <translation>слишком много результатов ждут записи</translation>
    </message>
    <message>
        <source>a read or write error</source>
        <translation>ошибка чтения или записи</translation>
    </message>
    <message>
        <source>A game result could not be written to the statistics in the folder %1 (%2), nor kept to be written later. CardTable will try again while it runs; if it is closed before then, the result is lost.</source>
        <translation>Результат игры не удалось записать в статистику в папке %1 (%2) и не удалось сохранить для записи позже. CardTable будет пробовать снова, пока программа открыта; если закрыть её раньше, результат пропадёт.</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>%1; if you cannot follow suit, play the King of Hearts</source>
        <translation>%1; нет масти хода — сбросьте кинга червей</translation>
    </message>
    <message>
        <source>A bid is a whole number of tricks.</source>
        <translation>Заказ — целое число взяток.</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Лёгкий</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Средний</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Сильный</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Случайный</translation>
    </message>
    <message>
        <source>The game is over</source>
        <translation>Игра окончена</translation>
    </message>
    <message>
        <source>spades</source>
        <translation>пики</translation>
    </message>
    <message>
        <source>hearts</source>
        <translation>черви</translation>
    </message>
    <message>
        <source>diamonds</source>
        <translation>бубны</translation>
    </message>
    <message>
        <source>clubs</source>
        <translation>трефы</translation>
    </message>
    <message>
        <source>two</source>
        <translation>двойка</translation>
    </message>
    <message>
        <source>three</source>
        <translation>тройка</translation>
    </message>
    <message>
        <source>four</source>
        <translation>четвёрка</translation>
    </message>
    <message>
        <source>five</source>
        <translation>пятёрка</translation>
    </message>
    <message>
        <source>six</source>
        <translation>шестёрка</translation>
    </message>
    <message>
        <source>seven</source>
        <translation>семёрка</translation>
    </message>
    <message>
        <source>eight</source>
        <translation>восьмёрка</translation>
    </message>
    <message>
        <source>nine</source>
        <translation>девятка</translation>
    </message>
    <message>
        <source>ten</source>
        <translation>десятка</translation>
    </message>
    <message>
        <source>jack</source>
        <translation>валет</translation>
    </message>
    <message>
        <source>queen</source>
        <translation>дама</translation>
    </message>
    <message>
        <source>king</source>
        <translation>король</translation>
    </message>
    <message>
        <source>ace</source>
        <translation>туз</translation>
    </message>
    <message>
        <source>spades</source>
        <comment>of a card</comment>
        <translation>пик</translation>
    </message>
    <message>
        <source>hearts</source>
        <comment>of a card</comment>
        <translation>червей</translation>
    </message>
    <message>
        <source>diamonds</source>
        <comment>of a card</comment>
        <translation>бубен</translation>
    </message>
    <message>
        <source>clubs</source>
        <comment>of a card</comment>
        <translation>треф</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n карта</numerusform>
            <numerusform>%n карты</numerusform>
            <numerusform>%n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trick(s)</source>
        <translation>
            <numerusform>%n взятка</numerusform>
            <numerusform>%n взятки</numerusform>
            <numerusform>%n взяток</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n очко</numerusform>
            <numerusform>%n очка</numerusform>
            <numerusform>%n очков</numerusform>
        </translation>
    </message>
    <message>
        <source>Don&apos;t save</source>
        <translation>Не сохранять</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Пас</translation>
    </message>
    <message>
        <source>Penalty stage</source>
        <translation>Штрафной</translation>
    </message>
    <message>
        <source>Positive stage</source>
        <translation>Отыгрыш</translation>
    </message>
    <message>
        <source>No tricks</source>
        <translation>Не брать взяток</translation>
    </message>
    <message>
        <source>No hearts</source>
        <translation>Не брать червей</translation>
    </message>
    <message>
        <source>No boys</source>
        <translation>Не брать мальчиков</translation>
    </message>
    <message>
        <source>No girls</source>
        <translation>Не брать девочек</translation>
    </message>
    <message>
        <source>No King of Hearts</source>
        <translation>Не брать кинга (К♥)</translation>
    </message>
    <message>
        <source>No last two tricks</source>
        <translation>Не брать 2 последние</translation>
    </message>
    <message>
        <source>Take everything</source>
        <translation>Брать всё</translation>
    </message>
    <message>
        <source>Take tricks</source>
        <translation>Брать взятки</translation>
    </message>
    <message>
        <source>Take hearts</source>
        <translation>Брать червей</translation>
    </message>
    <message>
        <source>Take boys</source>
        <translation>Брать мальчиков</translation>
    </message>
    <message>
        <source>Take girls</source>
        <translation>Брать девочек</translation>
    </message>
    <message>
        <source>Take the King of Hearts</source>
        <translation>Брать кинга (К♥)</translation>
    </message>
    <message>
        <source>Take the last two tricks</source>
        <translation>Брать 2 последние</translation>
    </message>
    <message>
        <source>Khvalyonka (ordered deal)</source>
        <translation>Хвалёнка</translation>
    </message>
    <message>
        <source>Eralash (all at once)</source>
        <translation>Ералаш</translation>
    </message>
    <message>
        <source>Reverse eralash (all at once, as plus)</source>
        <translation>Обратный ералаш</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per trick taken</source>
        <translation>
            <numerusform>%n очко за взятку</numerusform>
            <numerusform>%n очка за взятку</numerusform>
            <numerusform>%n очков за взятку</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per heart taken; do not lead hearts</source>
        <translation>
            <numerusform>%n очко за черву, с червей не ходить</numerusform>
            <numerusform>%n очка за черву, с червей не ходить</numerusform>
            <numerusform>%n очков за черву, с червей не ходить</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per jack or king taken</source>
        <translation>
            <numerusform>%n очко за валета или короля</numerusform>
            <numerusform>%n очка за валета или короля</numerusform>
            <numerusform>%n очков за валета или короля</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per jack taken</source>
        <translation>
            <numerusform>%n очко за валета</numerusform>
            <numerusform>%n очка за валета</numerusform>
            <numerusform>%n очков за валета</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per queen taken</source>
        <translation>
            <numerusform>%n очко за даму</numerusform>
            <numerusform>%n очка за даму</numerusform>
            <numerusform>%n очков за даму</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) for taking it; do not lead hearts; if you cannot follow suit, play it</source>
        <translation>
            <numerusform>%n очко за кинга (К♥), с червей не ходить; если нет масти, сбросить кинга</numerusform>
            <numerusform>%n очка за кинга (К♥), с червей не ходить; если нет масти, сбросить кинга</numerusform>
            <numerusform>%n очков за кинга (К♥), с червей не ходить; если нет масти, сбросить кинга</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) for each of the last two tricks</source>
        <translation>
            <numerusform>%n очко за каждую из 2 последних взяток</numerusform>
            <numerusform>%n очка за каждую из 2 последних взяток</numerusform>
            <numerusform>%n очков за каждую из 2 последних взяток</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 per jack or king</source>
        <translation>%1 за валета или короля</translation>
    </message>
    <message>
        <source>%1 per jack</source>
        <translation>%1 за валета</translation>
    </message>
    <message>
        <source>%1 per trick, %2 per heart, %3, %4 per queen, %5 for the King of Hearts, %6 for each of the last two tricks; do not lead hearts</source>
        <translation>%1 за взятку, %2 за черву, %3, %4 за даму, %5 за кинга, %6 за каждую из 2 последних взяток; с червей не ходить</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per trick; the player to the dealer&apos;s left orders</source>
        <translation>
            <numerusform>%n очко за взятку; заказывает игрок слева от сдающего</numerusform>
            <numerusform>%n очка за взятку; заказывает игрок слева от сдающего</numerusform>
            <numerusform>%n очков за взятку; заказывает игрок слева от сдающего</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>trumps: %1</source>
        <translation>козыри %1</translation>
    </message>
    <message>
        <source>no trumps</source>
        <comment>a khvalyonka contract</comment>
        <translation>бескозырка</translation>
    </message>
    <message>
        <source>trumps by the last card</source>
        <translation>по последней</translation>
    </message>
    <message>
        <source>misère</source>
        <translation>мизер</translation>
    </message>
    <message>
        <source>split</source>
        <translation>расписать</translation>
    </message>
    <message numerus="yes">
        <source>Khvalyonka — %n point(s) per trick; you order</source>
        <translation>
            <numerusform>Хвалёнка — %n очко за взятку; заказываете вы</numerusform>
            <numerusform>Хвалёнка — %n очка за взятку; заказываете вы</numerusform>
            <numerusform>Хвалёнка — %n очков за взятку; заказываете вы</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Khvalyonka — %n point(s) per trick; %1 orders</source>
        <translation>
            <numerusform>Хвалёнка — %n очко за взятку; заказ: %1</numerusform>
            <numerusform>Хвалёнка — %n очка за взятку; заказ: %1</numerusform>
            <numerusform>Хвалёнка — %n очков за взятку; заказ: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Khvalyonka, split — no play, 2 tricks to each player; ordered by you</source>
        <translation>Хвалёнка: расписать — без игры, всем по 2 взятки; заказ ваш</translation>
    </message>
    <message>
        <source>Khvalyonka, split — no play, 2 tricks to each player; ordered by %1</source>
        <translation>Хвалёнка: расписать — без игры, всем по 2 взятки; заказ: %1</translation>
    </message>
    <message>
        <source>Khvalyonka, split — no play, 4 tricks to you, 3 to each of the others</source>
        <translation>Хвалёнка: расписать — без игры, заказ ваш: вам 4 взятки, остальным по 3</translation>
    </message>
    <message>
        <source>Khvalyonka, split — no play, 4 tricks to %1, 3 to each of the others</source>
        <translation>Хвалёнка: расписать — без игры, заказ: %1 — 4 взятки, остальным по 3</translation>
    </message>
    <message>
        <source>by the last card, trumps: %1</source>
        <translation>по последней, козыри %1</translation>
    </message>
    <message numerus="yes">
        <source>Khvalyonka, %1 — %n point(s) per trick; ordered by you</source>
        <translation>
            <numerusform>Хвалёнка: %1 — %n очко за взятку; заказ ваш</numerusform>
            <numerusform>Хвалёнка: %1 — %n очка за взятку; заказ ваш</numerusform>
            <numerusform>Хвалёнка: %1 — %n очков за взятку; заказ ваш</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Khvalyonka, %1 — %n point(s) per trick; ordered by %2</source>
        <translation>
            <numerusform>Хвалёнка: %1 — %n очко за взятку; заказ: %2</numerusform>
            <numerusform>Хвалёнка: %1 — %n очка за взятку; заказ: %2</numerusform>
            <numerusform>Хвалёнка: %1 — %n очков за взятку; заказ: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; bought for %n trick(s)</source>
        <translation>
            <numerusform>%1; перекупка за %n взятку</numerusform>
            <numerusform>%1; перекупка за %n взятки</numerusform>
            <numerusform>%1; перекупка за %n взяток</numerusform>
        </translation>
    </message>
    <message>
        <source>%1; the 7 is high, the ace low</source>
        <translation>%1; семёрка старшая, туз младший</translation>
    </message>
    <message numerus="yes">
        <source>%1; bought by you for %n trick(s)</source>
        <translation>
            <numerusform>%1; перекупили вы за %n взятку</numerusform>
            <numerusform>%1; перекупили вы за %n взятки</numerusform>
            <numerusform>%1; перекупили вы за %n взяток</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; bought by %2 for %n trick(s)</source>
        <translation>
            <numerusform>%1; перекупка: %2 за %n взятку</numerusform>
            <numerusform>%1; перекупка: %2 за %n взятки</numerusform>
            <numerusform>%1; перекупка: %2 за %n взяток</numerusform>
        </translation>
    </message>
    <message>
        <source>%1; if you cannot follow suit, play a trump</source>
        <translation>%1; нет масти — бить козырем</translation>
    </message>
    <message>
        <source>Contracts: %1 — clubs are trumps</source>
        <translation>Заказы: %1 — козыри трефы</translation>
    </message>
    <message>
        <source>Everyone bids — clubs are trumps; the bids must not add up to %1</source>
        <translation>Заказывают все — козыри трефы; сумма заказов не должна быть равна %1</translation>
    </message>
    <message numerus="yes">
        <source>You play for %n trick(s) — clubs are trumps</source>
        <translation>
            <numerusform>Вы играете %n взятку — козыри трефы</numerusform>
            <numerusform>Вы играете %n взятки — козыри трефы</numerusform>
            <numerusform>Вы играете %n взяток — козыри трефы</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 plays for %n trick(s) — clubs are trumps</source>
        <translation>
            <numerusform>%1 играет %n взятку — козыри трефы</numerusform>
            <numerusform>%1 играет %n взятки — козыри трефы</numerusform>
            <numerusform>%1 играет %n взяток — козыри трефы</numerusform>
        </translation>
    </message>
    <message>
        <source>Auction — highest bid %1 by you</source>
        <translation>Торговля: самый высокий заказ %1 (ваш)</translation>
    </message>
    <message>
        <source>Auction — highest bid %1 by %2</source>
        <translation>Торговля: самый высокий заказ %1 (%2)</translation>
    </message>
    <message>
        <source>Auction — no bid yet</source>
        <translation>Торговля: заказов ещё нет</translation>
    </message>
    <message>
        <source>%1; passed: %2</source>
        <translation>%1; пас: %2</translation>
    </message>
    <message>
        <source>%1 · clubs are trumps</source>
        <translation>%1 · козыри трефы</translation>
    </message>
    <message>
        <source>Ace</source>
        <translation>Туз</translation>
    </message>
    <message>
        <source>Two</source>
        <translation>Двойка</translation>
    </message>
    <message>
        <source>Three</source>
        <translation>Тройка</translation>
    </message>
    <message>
        <source>Four</source>
        <translation>Четвёрка</translation>
    </message>
    <message>
        <source>%1 per club</source>
        <translation>%1 за каждую трефу</translation>
    </message>
    <message>
        <source>%1 per spade</source>
        <translation>%1 за каждую пику</translation>
    </message>
    <message>
        <source>%1 per card</source>
        <translation>%1 за каждую карту</translation>
    </message>
    <message>
        <source>%1 per heart</source>
        <translation>%1 за каждую черву</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1: %2, %3</translation>
    </message>
    <message>
        <source>Game %1 of %2 — declare a kind: +10 for every rozygrysh of that kind you win</source>
        <translation>Партия %1 из %2 — заявка: +10 за каждый выигранный розыгрыш заявленного вида</translation>
    </message>
    <message>
        <source>Rozygrysh %1 of %2 — %3: %4, %5</source>
        <translation>Розыгрыш %1 из %2 — %3: %4, %5</translation>
    </message>
    <message>
        <source>no trumps</source>
        <translation>без козырей</translation>
    </message>
    <message>
        <source>%1 are trumps</source>
        <translation>козыри %1</translation>
    </message>
    <message>
        <source>It is time to play a card.</source>
        <translation>Сейчас нужно сыграть карту.</translation>
    </message>
    <message>
        <source>It is time to choose the contract.</source>
        <translation>Сейчас нужно заказать игру.</translation>
    </message>
    <message>
        <source>You have bought the deal: choose the contract now.</source>
        <translation>Вы перекупили игру — теперь закажите её.</translation>
    </message>
    <message>
        <source>It is time to offer a price or pass.</source>
        <translation>Сейчас нужно назначить цену или спасовать.</translation>
    </message>
    <message>
        <source>It is time to bid or pass.</source>
        <translation>Сейчас нужно заказать взятки или спасовать.</translation>
    </message>
    <message>
        <source>Name a number of tricks: there is no passing in this form.</source>
        <translation>Назовите число взяток: пасовать в этой игре нельзя.</translation>
    </message>
    <message>
        <source>It is time to choose a declaration card.</source>
        <translation>Сейчас нужно выбрать карту заявки.</translation>
    </message>
    <message>
        <source>That is not possible now.</source>
        <translation>Сейчас так нельзя.</translation>
    </message>
    <message>
        <source>You must follow suit: %1.</source>
        <translation>Надо ходить в масть: %1.</translation>
    </message>
    <message>
        <source>You may not lead a heart while you hold another suit.</source>
        <translation>С червей ходить нельзя, пока есть карты других мастей.</translation>
    </message>
    <message>
        <source>You cannot follow suit, so you must play the King of Hearts.</source>
        <translation>Масти нет — надо сбросить кинга (короля червей).</translation>
    </message>
    <message>
        <source>You cannot follow suit, so you must play a trump: %1.</source>
        <translation>Масти нет — надо бить козырем: %1.</translation>
    </message>
    <message>
        <source>That card is not in your hand.</source>
        <translation>Такой карты у вас нет.</translation>
    </message>
    <message>
        <source>The highest price has been offered: you can only pass.</source>
        <translation>Уже предложена наивысшая цена: остаётся только пас.</translation>
    </message>
    <message>
        <source>The price must be from %1 to %2 tricks.</source>
        <translation>Цена — от %1 до %2 взяток.</translation>
    </message>
    <message>
        <source>Your bid must be higher than %1.</source>
        <translation>Заказ должен быть больше %1.</translation>
    </message>
    <message numerus="yes">
        <source>You cannot bid more than the %n trick(s) of the deal.</source>
        <translation>
            <numerusform>Нельзя заказать больше %n взятки — столько их в сдаче.</numerusform>
            <numerusform>Нельзя заказать больше %n взяток — столько их в сдаче.</numerusform>
            <numerusform>Нельзя заказать больше %n взяток — столько их в сдаче.</numerusform>
        </translation>
    </message>
    <message>
        <source>Everyone else has passed without a bid: you must bid.</source>
        <translation>Все остальные спасовали, никто не заказал: вам нужно заказать.</translation>
    </message>
    <message>
        <source>The dealer may not bid %1: the bids would add up to the %2 tricks of the deal.</source>
        <translation>Сдающему нельзя заказать %1: сумма заказов стала бы равна числу взяток в сдаче (%2).</translation>
    </message>
    <message>
        <source>The same card from the other deck is already in this trick.</source>
        <translation>Такая же карта из другой колоды уже лежит в этой взятке.</translation>
    </message>
    <message>
        <source>The %1 declaration card has already been taken.</source>
        <translation>Карту заявки «%1» уже взяли.</translation>
    </message>
    <message>
        <source>There is no such declaration card: there are only A, 2, 3 and 4.</source>
        <translation>Такой карты заявки нет: есть только Т, 2, 3 и 4.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>Игра окончена.</translation>
    </message>
    <message>
        <source>The cards have not been dealt yet.</source>
        <translation>Карты ещё не сданы.</translation>
    </message>
    <message>
        <source>bid %1</source>
        <translation>закажите %1</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>скажите «пас»</translation>
    </message>
    <message>
        <source>offer %1 to buy the deal</source>
        <translation>предложите %1 за покупку сдачи</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>закажите: %1</translation>
    </message>
    <message>
        <source>declare %1</source>
        <translation>заявка — %1</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>Same as the system</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Светлая</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Тёмная</translation>
    </message>
</context>
</TS>
