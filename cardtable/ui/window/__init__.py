"""The main window and the parts it is made of: the table's flow (the controller's
news shown), the menus, the questions about game files, watching again, the bar
above the table, the score sheet's window, the statistics, the window's place."""
