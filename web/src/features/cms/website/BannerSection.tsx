import { Button, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useState } from 'react';
import { useSaveConfiguration } from './use-save-configuration';
import type { WebsiteConfiguration } from './website.operations';

type Banner = NonNullable<WebsiteConfiguration['announcement']>;
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
          <Col xs={24} sm={12}>
            <Form.Item
              label="Title"
              htmlFor="banner-title"
              required
              validateStatus={touched && titleMissing ? 'error' : undefined}
              help={touched && titleMissing ? 'Required' : undefined}
            >
              <Input id="banner-title" value={banner.title} onChange={(event) => set({ title: event.target.value })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Subtitle" htmlFor="banner-subtitle">
              <Input id="banner-subtitle" value={banner.subtitle ?? ''} onChange={(event) => set({ subtitle: event.target.value })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Link" htmlFor="banner-link">
              <Input id="banner-link" value={banner.link ?? ''} onChange={(event) => set({ link: event.target.value })} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item label="Days shown" htmlFor="banner-days">
              <InputNumber
                id="banner-days"
                min={0}
                max={3650}
                value={banner.daysToLive}
                onChange={(value) => set({ daysToLive: value ?? 0 })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item label="Delay (seconds)" htmlFor="banner-delay">
              <InputNumber
                id="banner-delay"
                min={0}
                max={3600}
                value={banner.secondsBeforeBannerShows}
                onChange={(value) => set({ secondsBeforeBannerShows: value ?? 0 })}
              />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Button type="primary" onClick={submit} loading={saving}>
        Save banner
      </Button>
    </Form>
  );
}
