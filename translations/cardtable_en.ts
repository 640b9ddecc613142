<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AccuracyChart</name>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CardArt</name>
    <message>
        <source>Classic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ornament</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plain</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatPanel</name>
    <message>
        <source>Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say something to the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mute %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClubsPresenter</name>
    <message>
        <source>Deal %1 of %2 · playing to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal %1 · playing to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you are first with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is first with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you and %1 share first place with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 share first place with %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 of %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skips this trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dealer may not bid %1: the bids would add up to %2 tricks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A bid must be above the highest bid, %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highest bid: %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bid yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passed: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone else has passed: you must bid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bid the exact number of tricks you will take with clubs as trumps, or pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bids so far: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the exact number of tricks you will take.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You deal, so you may not bid %1: the bids must not add up to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your bid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contract: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skips: every card in hand is already in this trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>Computer level %1 is missing from this installation: %2 plays at %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GameFiles</name>
    <message>
        <source>CardTable games (*.cardtable.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a move in it breaks the rules, so the file is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it was saved by a newer version of CardTable, which this version cannot read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is far too large to be a CardTable game, so it was not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is damaged or is not a CardTable game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” cannot be opened: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fault is in deal %1, move %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fault is in deal %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file was not changed, and the game on the table goes on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a folder, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a named pipe (FIFO), not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a device, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a socket, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not an ordinary file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GameOptions</name>
    <message>
        <source>King</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3–4 players: penalty deals first, then points are won back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clubs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2–8 players, clubs trump: take exactly the tricks you bid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metamorphosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2–3 players: trumps and trick values change every trick.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turned card&apos;s suit is trump in every rozygrysh (trick).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many games the match has; the totals carry over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lead passes to the left every two rozygryshi.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three players: the leaders of rozygryshi 1–4 repeat every four, so the dealer never leads. Two players: the same as in turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positive stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boys in deal 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must trump</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A player out of the suit led must play a trump if he has one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End a deal early</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A deal stops once no points are left to take; scores are the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>King of Hearts rule in eralash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seven penalty deals including eralash, then the positive stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Short game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Six penalty deals without eralash, and a shorter positive stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Khvalyonki (ordered deals)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Khvalyonki + reverse eralash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One round of khvalyonki, then eralash played for plus points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the short game has no eralash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As in deal 5: a player who cannot follow suit and holds the K♥ must play it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play to (points)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game ends after the deal in which someone reaches this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game also ends after this many deals; the highest total wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turned card sets trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who leads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games in the match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players take turns to name the trump; every trick scores plus.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plus deals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The penalty deals again, but every penalty counts as a plus.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Four jacks, 4 points each (10 with 3 players).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jacks and kings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eight cards, 2 points each (5 with 3 players).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In turn, two each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As the source says</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highest bidder plays the contract; only he scores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone bids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each player names his tricks once; every player scores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a game at this table often lasts more than 40 deals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two players rarely make their exact bid, so the game may never end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plus deals have no trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with two players both orders are the same</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GamePresenter</name>
    <message>
        <source>total %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal %1 is over</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GameSettings</name>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HintWords</name>
    <message>
        <source>you have no spades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you have no hearts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you have no diamonds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you have no clubs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: the only card you may lead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: nobody else has this suit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: it would take a trick anyway — better this one than a costlier one later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: the highest card of its suit still out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: it cannot take the trick — every card of its suit still out is higher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: every card of its suit still out is higher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: a trump draws the others&apos; trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: your last card of this suit — then you are free of it</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>lead %1: still out, %n higher card(s) of its suit</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>lead %1: your lowest card of this suit — the higher ones stay for later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: your highest card of this suit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead %1: it keeps your higher and lower cards of this suit for later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the trick with %1: you declared this kind, +10 for every one you take</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>give %1 to the trick&apos;s taker: it costs the taker %n point(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>take the trick with %1: it scores you %n point(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>play %1: the only card you may play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trump with %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>throw %1 away: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>play %1 under %2: none of your cards can take it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>play %1 under %2: the highest card you can lose the trick with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>play %1 under %2: your higher %3 stays for later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>play %1 under %2: keep %3 to take a later trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>take the trick with %1: your contract needs %n more trick(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>take the trick with %1: keep it from the declarer, who needs %n more trick(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>take the trick with %1: the lowest card that takes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the trick with %1: %2 could be overtaken by a player still to play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the trick with %1: %2 stays to take a later trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the trick with %1: every card you may play takes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the trick with %1: it costs nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the trick with %1: nothing that costs is in it yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the trick with %1: your other cards are worth keeping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the trick with %1: then you lead the next one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the only choice you have</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>as the dealer you may not bid %n</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your aces, kings and clubs should take about %n trick(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your cards should take about %n trick(s), and the bid is already %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your cards should take about %n trick(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your cards should take about %n trick(s), and the price is already %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n card(s) of %1 among your first three</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n card(s) of %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n seven(s), eight(s) or nine(s), the high cards of a misère</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n ace(s) or king(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>your first three cards are all of different suits: let the last card choose the trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last card, still unseen, chooses the trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>you hold %n ace(s) or king(s) among your first three cards; everyone is credited the same tricks</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n heart(s), which score in a four</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n diamond(s), the trumps of a four</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n ace(s) or king(s), and a three costs its taker least</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you hold %n ace(s) or king(s) to take tricks with</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostDialog</name>
    <message>
        <source>Host a table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>People here play at this screen and hand it over between them; invited people join with the invitation and bring their own names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When someone&apos;s connection drops, a computer plays for them after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your own seat is missing: make one player a person here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JoinDialog</name>
    <message>
        <source>Join a table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Invitation or address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table &amp;code:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the invitation the host sent you, or type the address and the code they read out. A pasted invitation also proves that it is the host&apos;s computer at the other end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Join</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the invitation, or type the host&apos;s address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This invitation cannot be read: ask the host to send it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An address is a name or a number such as 192.168.1.20, with :port if the host said one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A table code has eight letters and digits, such as %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the name to show at the table.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KingPresenter</name>
    <message>
        <source>Deal %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buy for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal %1 of %2 is over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order the contract</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You see your first three cards; the rest are dealt after the order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You bought the deal: choose its contract.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ordered %2. To take the deal over, offer a price in tricks: you then name the contract and lead, and pay %1 %3 points per trick of the price. Or pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buy the deal?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This suit is trump; every trick is worth plus points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trumps; every trick is worth plus points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your last card, dealt face up for everyone to see, names the trump suit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trumps and the ranks are reversed: the 7 is the highest card, the ace the lowest. Tricks are still worth plus points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No play: with 4 players everyone is credited 2 tricks; with 3 players you get 4 and the others 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bought for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last card: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The buying round</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LobbyDialog</name>
    <message>
        <source>Network table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invitation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start the game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>People at home join at %1, port %2, with this code. From elsewhere, the host&apos;s router must pass that port on to this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer listens on port %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The invitation is copied: send it to the people you invite.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computer, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>joined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>away</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for someone to join</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats still free: %1. A computer takes them if you start now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone is here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the host to start the game…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the table was lost (%1); trying again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no table with that code at that address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every seat at that table is taken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server is not the one in the invitation: someone may be in the way. Ask the host for a new invitation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That seat&apos;s key is not right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many wrong codes were tried: wait a minute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;New game…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play &amp;again with the same settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restart deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;do move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Watch this game again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;view decisions…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Last trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stat&amp;istics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the strongest computer player would do now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much each of your decisions in this game cost, as a chess engine marks inaccuracies, mistakes and blunders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play &amp;online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Host a table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Join a table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host the &amp;last table again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About CardTable</source>
        <translation>&amp;About CardTable</translation>
    </message>
    <message>
        <source>Card table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game saved when CardTable last closed was written by a newer version of CardTable, which this version cannot read. The file was kept unchanged:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a move in it breaks the rules, so the file is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not a file but a pipe, a socket or a device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is damaged or is not a CardTable game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game saved when CardTable last closed could not be resumed: %1.

The file was kept, not deleted:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved game not resumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The statistics file was damaged, so new statistics were started. The old file was kept, not deleted:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The statistics were written by a newer version of CardTable. They were left untouched; this version keeps its statistics for this run only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The statistics file cannot be used, so statistics are kept for this run only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarting a deal is off when several people play at this screen, as undo is (Settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no deal in progress to restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart this deal? %n move(s) the players made in it will be taken back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game in progress will be closed. Do you want to save it first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the game as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game could not be saved to “%1”: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved as “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo is off when several people play at this screen (Settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no move of yours to take back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is nothing to redo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — scored: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>← → a move, PgUp PgDn a deal, Space plays and pauses, Esc closes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dealer of this deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass the computer to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone else, please look away. %1, click when you are ready: your cards will be shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I am %1 — show my cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Led by %1 (%2). Winning so far: %3 (%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You take the trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes the trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a card with ← → and press Enter, click it, or press H for a hint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking about a hint…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your turn: play a card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your only playable card goes by itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next deal starts by itself in %1 s; press Enter or click “Next deal” to start it now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game is being saved again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rules and how to play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watching the game again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: %1 — pass the computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Enter or click “Next deal” to go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game over — you win</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game over — %1 wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game over — shared win: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New game…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trick has been played in this deal yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>%1, your turn: play a card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a card, drag it to the middle, or pick it with ← → and press Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, your turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A card table for three Russian trick-taking games: King, Clubs and Metamorphosis.

All card art is made by the project.</source>
        <translation>A card table for three Russian trick-taking games: King, Clubs and Metamorphosis.

All card art is made by the project.</translation>
    </message>
    <message>
        <source>About CardTable</source>
        <translation>About CardTable</translation>
    </message>
</context>
<context>
    <name>MetamorphosisPresenter</name>
    <message>
        <source>Game %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; you lead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2 leads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 this game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game %1 of %2 is over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lay one declaration card face down: you score +10 for every rozygrysh of its kind that you win. All cards are turned up together once everyone has chosen.
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stock: refills come from here after odd rozygryshi, and after even ones once a won pile runs out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your won pile, %1 cards; after even rozygryshi the right-hand neighbour refills from its top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s won pile, %2 cards; after even rozygryshi the right-hand neighbour refills from its top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose your declaration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Declared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your declaration, face down until everyone has chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s declaration, face down until everyone has chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turned card: it lies under the stock and is drawn last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from a pile</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OnlineWindow</name>
    <message>
        <source>&amp;Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CardTable — network table %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is away: a computer plays for them until they are back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>away: a computer plays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is away; the table waits for them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>away</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is back at the table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to the table again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the table was lost; trying again… (the game waits on the server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the table? The game stops for everyone until you host it again; it is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the table? Your seat stays yours: join again with the same invitation to play on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network table</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Pace</name>
    <message>
        <source>Instant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlayOnline</name>
    <message>
        <source>Host a table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table cannot be hosted: this computer does not let the program listen for other players (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no table of yours to host again: its game is over or was never started here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlayerLevel</name>
    <message>
        <source>Easy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pace of play:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How fast cards move and how long the computer players take.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next deal:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waits for the player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts at once when only computers play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts by itself after a pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After a deal&apos;s score. A game of computers alone goes on at once unless “Waits for the player” is chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause before the next deal, in seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play my card by itself when it is the only one allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Small</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card backs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Four-colour suits (♠ black, ♥ red, ♦ blue, ♣ green)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High-contrast cards (large, bold corners)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Volume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sound:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No way to play sound was found on this computer: the table stays silent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow undo when several people play at this screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only if every player agrees: a move taken back is a move the others have seen.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drive</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>Previous deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump to a deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position in the game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How fast the game is played back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take over from here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play on from this position; what followed it is left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the table (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplaySession</name>
    <message>
        <source>move %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewRunWords</name>
    <message>
        <source>The review with every card known stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The review could not be written to “%1”: %2. It stays with the game while it is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The review was kept in “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review whose decisions?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The review stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review of decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the review; nothing of it is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch with the marks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch the game again with each costly decision marked on the slider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also with every card known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge the same decisions again with every hand known — shown apart: a fair decision can lose to the cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n forced move(s) not counted</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No decision to weigh: every move had only one choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your decisions: accuracy %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%2’s decisions: accuracy %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 points lost a decision on average</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inaccuracies: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mistakes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blunders: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n decision(s) weighed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>With every card known (hindsight): accuracy %1% · %2 points lost a decision on average</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewing with every card known… %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewing %3’s decisions with every card known… %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewing your decisions… %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewing %3’s decisions… %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewTrend</name>
    <message>
        <source>Accuracy of the last reviewed games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No game at this table has been reviewed yet. Review a finished game (Game ▸ Review decisions) to see how accurate your decisions were and what they cost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● your own play   ○ assisted (an undo, a hint, or watching again or taking over)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 points lost a decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 accurate, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inaccuracies: %1, mistakes: %2, blunders: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (assisted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latest game (%1): %2 accurate, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Mean of the %n assisted game(s) shown: %1 accurate, %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mean of the %n game(s) shown without help: %1 accurate, %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mean of the %n game(s) shown: %1 accurate, %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Decisions reviewed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n reviewed game(s), oldest first:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewWords</name>
    <message>
        <source>inaccuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mistake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blunder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, move %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 — %3, %4 points lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1 ± %2 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chosen: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Better: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leading %1 cost %2 points on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playing %1 cost %2 points on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: leading %2 cost %3 points on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: playing %2 cost %3 points on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choosing %1 cost %2 points on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: choosing %2 cost %3 points on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Better: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Better: %1 — %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It was the best choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Within the estimate&apos;s noise: not marked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With every card known, the choice made was the best.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With every card known, the best was %1 (%2); the choice made cost %3 points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n forced move(s) not counted</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n decision(s) marked</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Previous marked decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next marked decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Costliest decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No decision is marked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>better</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play on from this decision yourself and try the better choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hindsight — every card known (not part of the marks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No decision of the reviewed seat here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a line of the list, or press N and P, to go to a marked decision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2: %3 points lost</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>Rules of the games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rules of %1 could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RulesGlossary</name>
    <message>
        <source>King</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Кинг</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game of penalty deals and points won back; also the King of Hearts, which gives the game its name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>penalty stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>штрафной</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first stage of King: every deal forbids taking something.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>positive stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>отыгрыш</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The second stage of King, in which the points are won back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>boys, girls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>мальчики, девочки</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jacks (with the option, jacks and kings) and queens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eralash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ералаш</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last penalty deal of King: every penalty at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reverse eralash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>обратный ералаш</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The eralash again, every penalty scored as plus points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>short game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>короткий кинг</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>King without the eralash and with a shorter positive stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>khvalyonka, khvalyonki</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>хвалёнка, хвалёнки</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An ordered deal of the positive stage: having seen three cards, the forehand orders the contract.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forehand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>первая рука</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The player to the dealer&apos;s left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>заказ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The contract named for a khvalyonka; in Clubs, a bid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>бескозырка</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A khvalyonka played without trumps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by the last card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>по последней</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A khvalyonka whose trump is the suit of the orderer&apos;s last card, dealt face up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>misère</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>мизер</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A khvalyonka without trumps and with the ranks reversed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>расписать</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A khvalyonka not played: the tricks are shared out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>buying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>перекупка</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taking over a khvalyonka from its orderer for a price in tricks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clubs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Трефы</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game of exact bids with clubs as trumps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>торговля</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bidding in turn until the highest bid is left; its bidder plays the contract.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>everyone bids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>заказывают все</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each player names his tricks once, and everyone scores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>пас</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Declining to bid or to buy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metamorphosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Метаморфоза</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game whose trumps and trick values change every trick.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rozygrysh, rozygryshi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>розыгрыш, розыгрыши</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One trick of Metamorphosis, with its own trumps and scoring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>партия</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In Metamorphosis, the 12 or 16 rozygryshi of one deal; a match has one or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declaration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>заявка</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The card laid face down to name the kind of rozygrysh a player means to win.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the English version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In Russian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The games come from Russia, and some of their terms have no English word: the English version writes those in Latin letters (simplified BGN/PCGN). Here is each term in both versions.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SaveWords</name>
    <message>
        <source>Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit without saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CardTable has no permission to write there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder named “%1” is in the way of the save file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game in progress cannot be saved in the folder “%1”: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>If CardTable closed now, %n move(s) of this game would be lost.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The game as it stands was saved as “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The game was saved as “%1”, %n move(s) ago.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>CardTable keeps trying to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n move(s) of the game in progress would be lost if you quit now: the game cannot be saved in the folder “%1” (%2).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Problem keeping the game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game is not being saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the game in progress to a file somewhere else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide these notes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScoreSheet</name>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. Khvalyonka: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal %1 — %2, contract %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total (to %1; at most %2 deals)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total (to %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Places: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sum of the row: the game is zero-sum, so at the end the total row sums to 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score sheet — %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>New game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coming in a later version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Number of players:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of player %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player %1: human or computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level of player %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;ace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How fast cards move and computer players make their moves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switched to “%1”: “%2” is not available — %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not available: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested for %1 players: %2 — %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player %1 has no name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player %1: the name is longer than %2 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player %1: the name has characters that cannot be shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players %1 and %2 have the same name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are no computer players for %1 yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player %1: choose a computer level.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player %1: choose human or computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of seats does not match the number of players.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a game.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SingleInstance</name>
    <message>
        <source>CardTable is already running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CardTable is already running for this account but does not answer. Switch to its window, or wait a moment and start it again: a second copy would overwrite the game it keeps.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Spoken</name>
    <message>
        <source>You: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You take the trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes the trick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your cards: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the table: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message>
        <source>Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These statistics are kept for this run only: the statistics file could not be used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some results are still being recorded and are not counted here yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics by game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assisted games — an undo, a hint, or watching again or taking over before the end was used. They are counted apart, so that the other figures show the player&apos;s own play alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assisted games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Player:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games begun, finished or not</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games played to the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First places, shared ones included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Win %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games won out of games played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average
total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The average final total of finished games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best
total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highest final total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average
place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The average place in finished games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest
winning run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most finished games won in a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n player(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watched or taken over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The statistics could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No games played yet. Each game you play is counted here, from your first move to its end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last games: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assisted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opponents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The statistics could not be written to %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) written to %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the statistics of every game? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The statistics could not be reset: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The statistics have been reset.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatsKeeper</name>
    <message>
        <source>another program keeps the statistics busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no permission to write there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many results are waiting to be recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a read or write error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A game result could not be written to the statistics in the folder %1 (%2), nor kept to be written later. CardTable will try again while it runs; if it is closed before then, the result is lost.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>Easy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game is over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hearts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diamonds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clubs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>three</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>four</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>five</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>six</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seven</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>king</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spades</source>
        <comment>of a card</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hearts</source>
        <comment>of a card</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diamonds</source>
        <comment>of a card</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clubs</source>
        <comment>of a card</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trick(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Don&apos;t save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Penalty stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positive stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tricks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hearts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No boys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No girls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No King of Hearts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No last two tricks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take tricks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take hearts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take boys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take girls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the King of Hearts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the last two tricks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Khvalyonka (ordered deal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eralash (all at once)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reverse eralash (all at once, as plus)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per trick taken</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per heart taken; do not lead hearts</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per jack or king taken</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per jack taken</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per queen taken</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) for taking it; do not lead hearts; if you cannot follow suit, play it</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) for each of the last two tricks</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 per jack or king</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per jack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per trick, %2 per heart, %3, %4 per queen, %5 for the King of Hearts, %6 for each of the last two tricks; do not lead hearts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; if you cannot follow suit, play the King of Hearts</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) per trick; the player to the dealer&apos;s left orders</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trumps: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no trumps</source>
        <comment>a khvalyonka contract</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trumps by the last card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>misère</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Khvalyonka — %n point(s) per trick; you order</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Khvalyonka — %n point(s) per trick; %1 orders</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Khvalyonka, split — no play, 2 tricks to each player; ordered by you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Khvalyonka, split — no play, 2 tricks to each player; ordered by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Khvalyonka, split — no play, 4 tricks to you, 3 to each of the others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Khvalyonka, split — no play, 4 tricks to %1, 3 to each of the others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by the last card, trumps: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Khvalyonka, %1 — %n point(s) per trick; ordered by you</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Khvalyonka, %1 — %n point(s) per trick; ordered by %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; bought for %n trick(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1; the 7 is high, the ace low</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1; bought by you for %n trick(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; bought by %2 for %n trick(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1; if you cannot follow suit, play a trump</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contracts: %1 — clubs are trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone bids — clubs are trumps; the bids must not add up to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>You play for %n trick(s) — clubs are trumps</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 plays for %n trick(s) — clubs are trumps</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Auction — highest bid %1 by you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auction — highest bid %1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auction — no bid yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; passed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · clubs are trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Four</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per club</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per spade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per heart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game %1 of %2 — declare a kind: +10 for every rozygrysh of that kind you win</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rozygrysh %1 of %2 — %3: %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 are trumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is time to play a card.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is time to choose the contract.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You have bought the deal: choose the contract now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is time to offer a price or pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is time to bid or pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name a number of tricks: there is no passing in this form.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is time to choose a declaration card.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is not possible now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You must follow suit: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You may not lead a heart while you hold another suit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You cannot follow suit, so you must play the King of Hearts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You cannot follow suit, so you must play a trump: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That card is not in your hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highest price has been offered: you can only pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The price must be from %1 to %2 tricks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your bid must be higher than %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A bid is a whole number of tricks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>You cannot bid more than the %n trick(s) of the deal.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Everyone else has passed without a bid: you must bid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dealer may not bid %1: the bids would add up to the %2 tricks of the deal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same card from the other deck is already in this trick.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 declaration card has already been taken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no such declaration card: there are only A, 2, 3 and 4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cards have not been dealt yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offer %1 to buy the deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declare %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>Same as the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
