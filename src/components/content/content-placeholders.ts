// MDX reads `{brand}` as a JavaScript expression, which would fail as an undefined variable. This mdast
// plugin for Astro's Markdown processor (Sätteri) runs before MDX compiles expressions and turns the
// placeholders ({brand}, {slug}, the giveaway's {entryLimit}...: content-text.ts) into plain text wherever
// an editor may write them: body text, link targets, image sources and alt text, and component props
// (`<Button href="/{slug}pay">`).
import { CONTENT_VARIABLES, contentText } from './content-text.ts';

interface Attribute {
  type: string;
  name?: string;
  value?: unknown;
}
interface Ctx {
  setProperty(node: object, key: string, value: unknown): void;
}

/** The text for an expression that is just a placeholder's name (`brand`), otherwise undefined. */
export const placeholderText = (expression: unknown): string | undefined => {
  const name = typeof expression === 'string' ? expression.trim() : '';
  return Object.hasOwn(CONTENT_VARIABLES, name) ? CONTENT_VARIABLES[name] : undefined;
};

/** Link targets may arrive percent-encoded (`/%7Bslug%7Dpay`). */
export const placeholderUrl = (url: string): string =>
  contentText(
    url.replaceAll('%7B', '{').replaceAll('%7D', '}').replaceAll('%7b', '{').replaceAll('%7d', '}'),
  );

/** Replaces placeholders in string props and in `prop={brand}` expression props. */
export function placeholderAttributes<A extends Attribute>(attributes: readonly A[]): A[] {
  return attributes.map((attribute) => {
    if (attribute.type !== 'mdxJsxAttribute') return attribute;
    const { value } = attribute;
    if (typeof value === 'string') return { ...attribute, value: contentText(value) };
    const expression = (value as Attribute | null | undefined)?.value;
    const text = placeholderText(expression);
    return text === undefined ? attribute : { ...attribute, value: text };
  });
}

const asText = (node: { value?: unknown }) => {
  const value = placeholderText(node.value);
  return value === undefined ? undefined : { type: 'text' as const, value };
};

function fixUrlNode(node: { url: string; alt?: string | null }, ctx: Ctx): void {
  const url = placeholderUrl(node.url);
  if (url !== node.url) ctx.setProperty(node, 'url', url);
  if (node.alt && node.alt !== contentText(node.alt)) ctx.setProperty(node, 'alt', contentText(node.alt));
}

/** Sätteri cannot set `attributes` in place, so an element with placeholders is replaced by a copy. */
function fixElement<N extends { attributes: Attribute[] }>(node: N): N | undefined {
  const attributes = placeholderAttributes(node.attributes);
  const changed = attributes.some((attribute, index) => attribute !== node.attributes[index]);
  return changed ? { ...node, attributes } : undefined;
}

/** `mdx({ processor: satteri({ mdastPlugins: [contentPlaceholders] }) })` in astro.config.mjs. */
export const contentPlaceholders = {
  name: 'content-placeholders',
  mdxTextExpression: (node: { value?: unknown }) => asText(node),
  mdxFlowExpression(node: { value?: unknown }) {
    const text = asText(node);
    return text && { type: 'paragraph' as const, children: [text] };
  },
  text(node: { value: string }) {
    // Escaped `\{brand\}` reaches the tree as plain text.
    const value = contentText(node.value);
    return value === node.value ? undefined : { type: 'text' as const, value };
  },
  link: fixUrlNode,
  image: fixUrlNode,
  mdxJsxFlowElement: fixElement,
  mdxJsxTextElement: fixElement,
};
