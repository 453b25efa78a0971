"""What the API's routes and the pages both build, in one place below both (a page never imports ``web.api``):
a game's reply (``game``), what the engine says about a view (``analysis``), a new game's settings
(``settings``), a position from a link or a stored game (``positions``), the Learn queue's items (``learn``),
statistics and leaderboards (``stats``)."""
