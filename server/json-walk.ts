// A depth-first walk over parsed JSON without recursion, so no nesting a client sends can exhaust the call stack.

/** A value met on the walk: its key in its parent (a number in an array) and its parent, to rebuild its path on demand. */
export interface JsonNode {
  value: unknown;
  key: string | number;
  parent: JsonNode | undefined;
  /** 0 for the root, 1 for its fields or items, and so on. */
  depth: number;
}

/** The first node, in document order (a parent before its children), that found() holds for; undefined when none. */
export function findInJson(root: unknown, found: (node: JsonNode) => boolean): JsonNode | undefined {
  const stack: JsonNode[] = [{ value: root, key: '', parent: undefined, depth: 0 }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (found(node)) return node;
    const { value } = node;
    if (value === null || typeof value !== 'object') continue;
    const depth = node.depth + 1;
    // Pushed last to first, so the first child is walked first.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i] as unknown, key: i, parent: node, depth });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push({ value: (value as Record<string, unknown>)[key], key, parent: node, depth });
    }
  }
  return undefined;
}

/** The keys from the root down to node (the root itself has none). */
export function pathOf(node: JsonNode): string[] {
  const path: string[] = [];
  for (let n: JsonNode | undefined = node; n?.parent !== undefined; n = n.parent) path.push(String(n.key));
  return path.reverse();
}
