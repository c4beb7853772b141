/**
 * The page's Content-Security-Policy style nonce (issue 18, L11; docs/security.md "Security headers"):
 * the gateway writes a fresh one into index.html's `<meta property="csp-nonce">` per response and
 * lists it in style-src, which has no 'unsafe-inline'. Read from the `nonce` property: browsers hide
 * the attribute's value once the policy applies. Outside the gateway (the Vite dev server) the
 * placeholder stays and no policy is sent, so it does no harm.
 */
export function readCspNonce(doc: Pick<Document, 'querySelector'> = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

export const cspNonce = typeof document === 'undefined' ? undefined : readCspNonce();

type Insert = <T extends Node>(node: T, child: Node | null) => T;

/**
 * Stamps the nonce on <style> elements that scripts add to <head> or <body> without one. Ant Design
 * gets the nonce from its ConfigProvider, but a few helpers it uses write a <style> of their own
 * without it (the modal scroll lock and the scrollbar measure of @rc-component/util). Styles in
 * parsed markup (innerHTML, a stored page) are not touched: those are what the nonce keeps out.
 */
export function stampStyleNonces(nonce: string | undefined, doc: Document = document): void {
  if (!nonce) return;
  const stamp = (node: Node): void => {
    if (node instanceof HTMLStyleElement && !node.nonce) node.nonce = nonce;
  };
  for (const parent of [doc.head, doc.body]) {
    const insertBefore = parent.insertBefore.bind(parent) as Insert;
    parent.insertBefore = (<T extends Node>(node: T, child: Node | null): T => {
      stamp(node);
      return insertBefore(node, child);
    }) as typeof parent.insertBefore;
    parent.appendChild = (<T extends Node>(node: T): T => {
      stamp(node);
      return insertBefore(node, null);
    }) as typeof parent.appendChild;
  }
}
