import { Descriptions } from 'antd';
import { videoLinks } from '../listing-videos';
import type { Basic } from './listing-wizard-values';
import { formatMoney, moneyInputValue } from '../../../lib/money';

/** Step 5: what will be saved. */
export function ReviewStep({
  values,
  categoryName,
  typeName,
  packageTitle,
  imageCount,
  videos,
}: {
  values: Basic;
  categoryName?: string;
  typeName?: string;
  packageTitle?: string;
  imageCount: number;
  videos: string[];
}) {
  const links = videoLinks(videos);
  return (
    <Descriptions column={1} bordered size="small" data-testid="listing-review">
      <Descriptions.Item label="Category">{categoryName}</Descriptions.Item>
      <Descriptions.Item label="Type">{typeName}</Descriptions.Item>
      <Descriptions.Item label="Package">{packageTitle}</Descriptions.Item>
      <Descriptions.Item label="Title">{values.title}</Descriptions.Item>
      <Descriptions.Item label="Price">
        {values.poa ? 'POA' : formatMoney(moneyInputValue(String(values.price ?? '')), values.currency)}
      </Descriptions.Item>
      <Descriptions.Item label="Location">{[values.city, values.state, values.country].filter(Boolean).join(', ')}</Descriptions.Item>
      <Descriptions.Item label="Images">{imageCount}</Descriptions.Item>
      {links.length > 0 ? (
        <Descriptions.Item label="Videos">
          <ul className="ts-review-videos" style={{ margin: 0, paddingLeft: 18 }}>
            {links.map((link, index) => (
              <li key={`${index}-${link}`}>{link}</li>
            ))}
          </ul>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
