"""The windows the table opens over itself: a new game (:mod:`.new_game`), the
table's settings (:mod:`.preferences`), the statistics (:mod:`.statistics`), the
rules (:mod:`.rules`) and the score sheet in a window of its own (:mod:`.score_sheet`).
Each is imported when first opened, so none of them slows the table's start.
"""
