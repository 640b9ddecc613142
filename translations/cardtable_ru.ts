<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU" sourcelanguage="en">
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;About CardTable</source>
        <translation>&amp;О программе CardTable</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>The card table is coming in the next version.</source>
        <translation>Игровой стол появится в следующей версии.</translation>
    </message>
    <message>
        <source>Meanwhile, King can already be played between computer players and game records checked from the command line:</source>
        <translation>А пока в Кинг уже могут играть компьютерные игроки, а записи партий можно проверять из командной строки:</translation>
    </message>
    <message>
        <source>A card table for three Russian trick-taking games: King, Clubs and Metamorphosis.

All card art is made by the project.</source>
        <translation>Карточный стол для трёх русских игр на взятки: Кинг, Трефы и Метаморфоза.

Все изображения карт нарисованы авторами проекта.</translation>
    </message>
    <message>
        <source>About CardTable</source>
        <translation>О программе CardTable</translation>
    </message>
</context>
</TS>
