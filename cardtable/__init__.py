"""CardTable: a desktop table for Кинг, Трефы and Метаморфоза."""

__version__ = "0.1.0"
