"""Drawing primitives that know no puzzle kind: SVG shapes and box-drawing text."""
