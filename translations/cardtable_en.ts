<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;About CardTable</source>
        <translation>&amp;About CardTable</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>The card table is coming in the next version.</source>
        <translation>The card table is coming in the next version.</translation>
    </message>
    <message>
        <source>Meanwhile, King can already be played between computer players and game records checked from the command line:</source>
        <translation>Meanwhile, King can already be played between computer players and game records checked from the command line:</translation>
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
</TS>
