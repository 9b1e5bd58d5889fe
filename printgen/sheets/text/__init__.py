"""Text sheets: quick reference, rule cards, captain cards, teacher's sheet, laid out from templates through the markup and flow."""
