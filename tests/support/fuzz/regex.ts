import type { Random } from './random';

/**
 * Strings matching the simple regular expressions schemas use for `pattern`: anchors, literals,
 * escapes, character classes (ranges, negation), groups with alternatives and the usual
 * quantifiers. Enough for the schemas' patterns; anything else throws, so a new construct is seen.
 */

type Node =
  | { kind: 'chars'; chars: string[] }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

/** Printable ASCII, what a negated class picks from. */
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const DIGITS = '0123456789'.split('');
const WORD = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_', ...DIGITS];

class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  parse(): Node[][] {
    const alternatives = this.alternatives();
    if (this.at < this.source.length) throw new Error(`Unsupported pattern ${this.source}`);
    return alternatives;
  }

  private alternatives(): Node[][] {
    const result: Node[][] = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      result.push(this.sequence());
    }
    return result;
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const char = this.source[this.at];
      if (char === '^' || char === '$') {
        this.at++;
        continue;
      }
      nodes.push(this.quantified(this.atom()));
    }
    return nodes;
  }

  private atom(): Node {
    const char = this.source[this.at++];
    if (char === '(') {
      if (this.source.startsWith('?:', this.at)) this.at += 2;
      const alternatives = this.alternatives();
      if (this.source[this.at++] !== ')') throw new Error(`Unbalanced group in ${this.source}`);
      return { kind: 'group', alternatives };
    }
    if (char === '[') return this.charClass();
    if (char === '\\') return { kind: 'chars', chars: this.escape() };
    if (char === '.') return { kind: 'chars', chars: WORD };
    return { kind: 'chars', chars: [char] };
  }

  private escape(): string[] {
    const char = this.source[this.at++];
    if (char === 'd') return DIGITS;
    if (char === 'w') return WORD;
    if (char === 's') return [' '];
    return [char];
  }

  private charClass(): Node {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    const chars = new Set<string>();
    while (this.source[this.at] !== ']') {
      if (this.at >= this.source.length) throw new Error(`Unclosed class in ${this.source}`);
      let first = [this.source[this.at++]];
      if (first[0] === '\\') first = this.escape();
      if (first.length === 1 && this.source[this.at] === '-' && this.source[this.at + 1] !== ']') {
        this.at++;
        const last = this.source[this.at++];
        for (let code = first[0].charCodeAt(0); code <= last.charCodeAt(0); code++)
          chars.add(String.fromCharCode(code));
      } else first.forEach((char) => chars.add(char));
    }
    this.at++;
    return { kind: 'chars', chars: negated ? PRINTABLE.filter((char) => !chars.has(char)) : [...chars] };
  }

  private quantified(node: Node): Node {
    const char = this.source[this.at];
    if (char === '*' || char === '+' || char === '?') {
      this.at++;
      return { kind: 'repeat', node, min: char === '+' ? 1 : 0, max: char === '?' ? 1 : 8 };
    }
    const bounds = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
    if (!bounds) return node;
    this.at += bounds[0].length;
    const min = Number(bounds[1]);
    const max = bounds[2] === undefined ? min : bounds[3] ? Number(bounds[3]) : min + 8;
    return { kind: 'repeat', node, min, max };
  }
}

function emit(nodes: Node[], random: Random): string {
  return nodes
    .map((node): string => {
      if (node.kind === 'chars') return random.pick(node.chars);
      if (node.kind === 'group') return emit(random.pick(node.alternatives), random);
      const count = random.int(node.min, node.max);
      return Array.from({ length: count }, () => emit([node.node], random)).join('');
    })
    .join('');
}

const parsed = new Map<string, Node[][]>();

/** A string matching `pattern`. */
export function stringMatching(pattern: string, random: Random): string {
  let tree = parsed.get(pattern);
  if (!tree) parsed.set(pattern, (tree = new Parser(pattern).parse()));
  return emit(random.pick(tree), random);
}
