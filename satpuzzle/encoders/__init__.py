"""One module per puzzle kind: instance, native formats, encoding, decoding, rendering."""
