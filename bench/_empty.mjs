// An empty ES module: the cold-start baseline of node's ESM loader (bench/cold-start.mjs).
