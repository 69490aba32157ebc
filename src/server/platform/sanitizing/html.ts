import { defaultTreeAdapter as tree, html, parse, serialize, serializeOuter, type DefaultTreeAdapterTypes as Dom } from 'parse5';
import {
  ALLOWED_URI,
  ARIA_ATTRIBUTE,
  ATTR_WHITESPACE,
  CONTENT_POLICY,
  DATA_ATTRIBUTE,
  DATA_URI_TAGS,
  DROPPED_WITH_CONTENT,
  type HtmlPolicy,
  type PolicyElement,
  LITERAL_TEXT_TAGS,
  MAIL_POLICY,
  MARKUP_PROBE,
  URI_SAFE_ATTRIBUTES,
  VALUE_BREAKOUT,
} from '../../../common/content/sanitize';

/**
 * A policy applied on the server: the HTML parsed by parse5 (the standard's parser, the one jsdom
 * uses) as a browser parses it, the tree walked once, and serialised as a browser would. It keeps
 * DOMPurify's rules for what it removes (tests/unit/content-sanitize.test.ts holds both engines to
 * the same answers) without a whole DOM in memory: jsdom alone held about 90 MB of the server's.
 */
function createServerSanitizer(policy: HtmlPolicy): (dirty: string) => string {
  const tags = new Set(policy.tags);
  const attributes = new Set(policy.attributes);

  function attributeAllowed(tag: string, name: string, value: string): boolean {
    if (DATA_ATTRIBUTE.test(name) || ARIA_ATTRIBUTE.test(name)) return true;
    if (!attributes.has(name)) return false;
    if (URI_SAFE_ATTRIBUTES.has(name)) return true;
    if (ALLOWED_URI.test(value.replace(ATTR_WHITESPACE, ''))) return true;
    if ((name === 'src' || name === 'href') && value.startsWith('data:') && DATA_URI_TAGS.has(tag)) return true;
    return !value;
  }

  function cleanAttributes(element: Dom.Element): void {
    element.attrs = element.attrs.flatMap((attribute) => {
      // Namespaced attributes (xlink:href, xml:lang) belong to SVG and MathML, which no policy keeps.
      if (attribute.namespace) return [];
      const value = attribute.name === 'value' ? attribute.value : attribute.value.trim();
      if (VALUE_BREAKOUT.test(value) || !attributeAllowed(element.tagName, attribute.name, value)) return [];
      return [{ ...attribute, value }];
    });
  }

  /** Cleans one node in place; what takes its place (a removed element's content) is cleaned by the caller's loop. */
  function cleanNode(node: Dom.ChildNode): void {
    if (tree.isTextNode(node)) return;
    if (!tree.isElementNode(node) || node.namespaceURI !== html.NS.HTML) {
      tree.detachNode(node);
      return;
    }
    const tag = node.tagName;
    if (!tags.has(tag)) {
      if (!DROPPED_WITH_CONTENT.has(tag) && node.parentNode) {
        for (const child of [...node.childNodes]) {
          tree.detachNode(child);
          tree.insertBefore(node.parentNode, child, node);
          cleanNode(child);
        }
      }
      tree.detachNode(node);
      return;
    }
    if (LITERAL_TEXT_TAGS.has(tag) && node.childNodes.some((child) => !tree.isTextNode(child) || MARKUP_PROBE.test(child.value))) {
      tree.detachNode(node);
      return;
    }
    cleanAttributes(node);
    if (policy.finish && !policy.finish(policyElement(node))) {
      tree.detachNode(node);
      return;
    }
    cleanChildren(node);
  }

  function cleanChildren(parent: Dom.ParentNode): void {
    for (const child of [...parent.childNodes]) cleanNode(child);
  }

  return (dirty) => {
    // As DOMPurify: text without markup is returned as it is.
    if (!policy.wholeDocument && !dirty.includes('<')) return dirty;
    // Scripting off, as in a document parsed for reading (DOMParser): <noscript> holds markup, not text.
    const document = parse(dirty, { scriptingEnabled: false });
    const root = document.childNodes.find(tree.isElementNode)!;
    if (policy.wholeDocument) {
      cleanAttributes(root);
      cleanChildren(root);
      return serializeOuter(root);
    }
    const body = root.childNodes.find((node): node is Dom.Element => tree.isElementNode(node) && node.tagName === 'body')!;
    cleanChildren(body);
    // The parser drops whitespace before the first tag; DOMPurify puts it back.
    const leading = /^[\r\n\t ]+/.exec(dirty)?.[0];
    return (leading ?? '') + serialize(body);
  };
}

/** A parse5 element as the policy's last check sees it (the browser's engine hands it a DOM node the same way). */
function policyElement(element: Dom.Element): PolicyElement {
  return {
    tag: element.tagName,
    getAttribute: (name) => element.attrs.find((attribute) => attribute.name === name)?.value ?? null,
    setAttribute(name, value) {
      const attribute = element.attrs.find((candidate) => candidate.name === name);
      if (attribute) attribute.value = value;
      else element.attrs.push({ name, value });
    },
  };
}

/** HTML from the database (content blocks, news, regulations) as the browser may show it. */
export const sanitizeHtml = createServerSanitizer(CONTENT_POLICY);

/** An e-mail's HTML (a newsletter template as a mailing or a test send carries it). */
export const sanitizeMailHtml = createServerSanitizer(MAIL_POLICY);
