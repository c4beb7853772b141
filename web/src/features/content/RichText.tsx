import { Typography } from 'antd';
import { useMemo } from 'react';
import { useBrand } from '../brand';
import { paragraphsOf } from './content-rules';
import { looksLikeHtml, sanitizeHtml } from './sanitize-html';

/**
 * A body from the content service: HTML is rebuilt by the allow-list sanitiser before it reaches
 * the page (no scripts, event handlers or javascript: URLs); plain text becomes paragraphs with
 * the brand's wording applied.
 */
export function RichText({ body, testId }: { body: string; testId?: string }) {
  const { w } = useBrand();
  const html = useMemo(() => (looksLikeHtml(body) ? sanitizeHtml(body) : null), [body]);
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
