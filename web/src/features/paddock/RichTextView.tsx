import { theme, type GlobalToken } from 'antd';
import type { CSSProperties } from 'react';
import { sanitizeRichText } from '@trackside/contracts/catalogue/rich-text';
import './rich-text.css';

/** Theme colours for rich-text tables and quotes (rich-text.css reads them), so no colour is hard-coded. */
export function richTextVariables(token: GlobalToken): CSSProperties {
  return { '--ts-rich-border': token.colorBorder, '--ts-rich-quote': token.colorPrimary } as CSSProperties;
}

/** A RICH_TEXT value shown as formatted HTML, sanitised again before it reaches the page. */
export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <div
      className="ts-rich-text"
      style={richTextVariables(token)}
      data-testid={testId}
      // Safe: the allowlist sanitiser (libs/contracts rich-text) keeps only formatting tags and safe links.
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
    />
  );
}
