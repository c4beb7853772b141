import { useQuery } from '@apollo/client/react';
import { Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatHomePage, parseHomePage, type HomeChoice } from './home-page';
import { CONTENT_PAGES } from './homepage.operations';
import { useSaveConfiguration } from './use-save-configuration';
import type { WebsiteConfiguration } from './website.operations';

/** What "/" shows: the first active module, a chosen module, or a content page, with an optional query. */
export function HomeChoiceSection({ config }: { config: WebsiteConfiguration }) {
  const [choice, setChoice] = useState<HomeChoice>(() => parseHomePage(config.homePage));
  const { data } = useQuery(CONTENT_PAGES, { fetchPolicy: 'cache-and-network' });
  const { save, saving } = useSaveConfiguration();
  const modules = config.modules.filter((module) => module.active);
  const query = choice.kind === 'default' ? '' : choice.query;
  const switchKind = (kind: HomeChoice['kind']) =>
    setChoice(
      kind === 'default'
        ? { kind }
        : kind === 'module'
          ? { kind, module: modules[0]?.name ?? 'paddock', query }
          : { kind, slug: data?.pages[0]?.slug ?? '', query },
    );
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="The home page shows">
        <Radio.Group
          value={choice.kind}
          onChange={(event) => switchKind(event.target.value as HomeChoice['kind'])}
          aria-label="The home page shows"
        >
          <Space orientation="vertical">
            <Radio value="default">The first active module (the default)</Radio>
            <Radio value="module">A module</Radio>
            <Radio value="page">A content page</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {choice.kind === 'module' ? (
        <Form.Item label="Module" htmlFor="home-module">
          <Select
            id="home-module"
            style={{ maxWidth: 280 }}
            value={choice.module}
            onChange={(module) => setChoice({ ...choice, module })}
            options={modules.map((module) => ({ value: module.name, label: module.name }))}
          />
        </Form.Item>
      ) : null}
      {choice.kind === 'page' ? (
        <Form.Item label="Content page" htmlFor="home-page-slug">
          <Select
            id="home-page-slug"
            style={{ maxWidth: 280 }}
            value={choice.slug || undefined}
            onChange={(slug) => setChoice({ ...choice, slug })}
            options={(data?.pages ?? []).map((page) => ({ value: page.slug, label: `${page.title} (/${page.slug})` }))}
          />
        </Form.Item>
      ) : null}
      {choice.kind !== 'default' ? (
        <Form.Item label="Query (optional)" htmlFor="home-query" extra="For example category=guides">
          <Input
            id="home-query"
            style={{ maxWidth: 280 }}
            value={choice.query}
            onChange={(event) => setChoice({ ...choice, query: event.target.value })}
          />
        </Form.Item>
      ) : null}
      <Typography.Paragraph type="secondary">Stored as: {formatHomePage(choice) ?? '(default)'}</Typography.Paragraph>
      <Button type="primary" loading={saving} onClick={() => void save({ homePage: formatHomePage(choice) }, 'Home page saved.')}>
        Save home page
      </Button>
    </Form>
  );
}
