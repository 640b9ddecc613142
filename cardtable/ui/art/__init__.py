"""The cards' pictures: :mod:`~cardtable.ui.art.svg` draws faces and backs as SVG text
(pure Python, no Qt), :mod:`~cardtable.ui.art.cache` renders them into cached pixmaps
for the table, and :mod:`~cardtable.ui.art.command` writes them to files for review.
"""
