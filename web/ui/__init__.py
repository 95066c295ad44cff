"""The page's DOM layer, one module per game: `dom` holds what both games draw with, `gin` and
`basic` draw their tables; `app.py` routes the page between them."""
