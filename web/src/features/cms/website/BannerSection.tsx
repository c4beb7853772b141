import { Button, Col, Form, InputNumber, Row, Switch } from 'antd';
import { useState } from 'react';
import { TextCell } from './TextCell';
import { useSaveConfiguration } from './use-save-configuration';
import type { WebsiteConfiguration } from './website.operations';

type Banner = NonNullable<WebsiteConfiguration['announcement']>;
const TIMING = [
  { key: 'daysToLive', id: 'banner-days', label: 'Days shown', max: 3650 },
  { key: 'secondsBeforeBannerShows', id: 'banner-delay', label: 'Delay (seconds)', max: 3600 },
] as const;
const EMPTY: Banner = { title: '', subtitle: null, link: null, daysToLive: 7, secondsBeforeBannerShows: 0 };

/** The announcement banner (saved with manageHomepage, as the server rules): off, or a title with its details. */
export function BannerSection({ config }: { config: WebsiteConfiguration }) {
  const [shown, setShown] = useState(config.announcement !== null);
  const [banner, setBanner] = useState<Banner>(config.announcement ?? EMPTY);
  const [touched, setTouched] = useState(false);
  const { save, saving } = useSaveConfiguration();
  const titleMissing = shown && banner.title.trim() === '';
  const set = (patch: Partial<Banner>) => setBanner({ ...banner, ...patch });
  const submit = () => {
    setTouched(true);
    if (titleMissing) return;
    const announcement = shown
      ? {
          title: banner.title.trim(),
          subtitle: banner.subtitle?.trim() || null,
          link: banner.link?.trim() || null,
          daysToLive: banner.daysToLive,
          secondsBeforeBannerShows: banner.secondsBeforeBannerShows,
        }
      : null;
    void save({ announcement }, shown ? 'Banner saved.' : 'Banner turned off.');
  };
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="Show a banner" htmlFor="banner-shown">
        <Switch id="banner-shown" checked={shown} onChange={setShown} />
      </Form.Item>
      {shown ? (
        <Row gutter={12}>
          <TextCell
            id="banner-title"
            label="Title"
            required
            error={touched && titleMissing ? 'Required' : undefined}
            value={banner.title}
            onChange={(title) => set({ title })}
          />
          <TextCell id="banner-subtitle" label="Subtitle" value={banner.subtitle ?? ''} onChange={(subtitle) => set({ subtitle })} />
          <TextCell id="banner-link" label="Link" value={banner.link ?? ''} onChange={(link) => set({ link })} />
          {TIMING.map(({ key, id, label, max }) => (
            <Col xs={12} sm={6} key={key}>
              <Form.Item label={label} htmlFor={id}>
                <InputNumber id={id} min={0} max={max} value={banner[key]} onChange={(value) => set({ [key]: value ?? 0 })} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      ) : null}
      <Button type="primary" onClick={submit} loading={saving}>
        Save banner
      </Button>
    </Form>
  );
}
