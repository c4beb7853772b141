import { Typography } from 'antd';
import { CONTENT_POLICY, looksLikeHtml, sanitizeHtml } from '@trackside/contracts/html/sanitize';
import { useMemo } from 'react';
import { useBrand } from '../brand';
import { paragraphsOf } from './content-rules';

/**
 * A body from the content service: HTML is rebuilt by the shared allow-list sanitiser
 * (libs/contracts html/sanitize.ts, CONTENT_POLICY) before it reaches the page (no scripts, event
 * handlers or javascript: URLs); plain text becomes paragraphs with the brand's wording applied.
 */
export function RichText({ body, testId }: { body: string; testId?: string }) {
  const { w } = useBrand();
  const html = useMemo(() => (looksLikeHtml(body) ? sanitizeHtml(body, CONTENT_POLICY) : null), [body]);
  if (html !== null) return <div className="ts-rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div className="ts-rich-text" data-testid={testId}>
      {paragraphsOf(body).map((paragraph, index) => (
        <Typography.Paragraph key={index} style={{ whiteSpace: 'pre-line' }}>
          {w(paragraph)}
        </Typography.Paragraph>
      ))}
    </div>
  );
}
