"""Maps: the deployment map, the tiled table-size map, the placement table, the legend, the table diagram."""
