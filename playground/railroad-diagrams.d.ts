// Types for railroad-diagrams 1.0.0 (tabatkins, CC0), which ships none: the parts the
// playground uses. Every item is a FakeSVG whose `attrs` become the SVG element's attributes.
declare module 'railroad-diagrams' {
  export interface Item {
    attrs: Record<string, string | number>;
    width: number;
    toSVG(): SVGSVGElement;
    toString(): string;
  }
  export function Diagram(...items: Item[]): Item;
  export function ComplexDiagram(...items: Item[]): Item;
  export function Sequence(...items: Item[]): Item;
  export function Choice(normal: number, ...items: Item[]): Item;
  export function Optional(item: Item, skip?: 'skip'): Item;
  export function OneOrMore(item: Item, rep?: Item): Item;
  export function ZeroOrMore(item: Item, rep?: Item, skip?: 'skip'): Item;
  export function Terminal(text: string): Item;
  export function NonTerminal(text: string): Item;
  export function Comment(text: string): Item;
  export function Skip(): Item;
}
