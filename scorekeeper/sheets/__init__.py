"""Score sheets in every format, and the charts drawn on them."""
