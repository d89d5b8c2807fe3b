import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements in it (a name in bold, a key in <kbd>): the dictionary keeps the
 * whole sentence, so each language puts the pieces where its word order wants them. `text` is the result
 * of t() with the string values filled; each `{name}` left in it becomes `parts[name]`.
 */
export function rich(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text
    .split(/\{(\w+)\}/g)
    .map((piece, i) =>
      i % 2 === 1 ? <Fragment key={i}>{piece in parts ? parts[piece] : `{${piece}}`}</Fragment> : piece,
    );
}
