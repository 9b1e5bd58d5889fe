"""The sectors rule family (the medieval fragment): flat bases with structure boxes per sector, a damage table."""
