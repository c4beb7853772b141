import { Button, Card, ConfigProvider, Layout, Space, Typography } from 'antd';
import type { BrandTheme } from '../../brand/brand-config';
import { antdThemeOf, headerForeground } from '../../brand/brand-theme';

/** A small sample of the site in the edited theme: header, buttons, a card and the notification colours. */
export function ThemePreview({ theme }: { theme: BrandTheme }) {
  return (
    <ConfigProvider theme={antdThemeOf(theme)}>
      <section aria-label="Theme preview" className="ts-cms-theme-preview" data-testid="theme-preview">
        <Layout>
          <Layout.Header style={{ color: headerForeground(theme), display: 'flex', alignItems: 'center', height: 48 }}>
            <strong data-testid="preview-header">Site header</strong>
          </Layout.Header>
          <Layout.Content style={{ padding: 16 }}>
            <Card title="Sample card" size="small">
              <Typography.Paragraph>Text in the primary font.</Typography.Paragraph>
              <Space wrap>
                <Button type="primary" data-testid="preview-primary">
                  Primary
                </Button>
                <Button>Default</Button>
                <Button type="link">Link</Button>
              </Space>
              <Space wrap style={{ marginTop: 12 }}>
                {(['success', 'info', 'warning', 'error'] as const).map((kind) => (
                  <span key={kind} className="ts-cms-notification-sample">
                    <span aria-hidden className="ts-cms-swatch" style={{ background: theme[kind] }} />{' '}
                    {kind[0]!.toUpperCase() + kind.slice(1)}
                  </span>
                ))}
              </Space>
            </Card>
          </Layout.Content>
        </Layout>
      </section>
    </ConfigProvider>
  );
}
