"""The card table: a ``QGraphicsScene`` of card sprites, seat plates and messages."""
