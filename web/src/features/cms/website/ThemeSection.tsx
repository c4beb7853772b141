import { Button, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { FONT_CHOICES, previewTheme, THEME_COLOURS, themeErrors, themePatch, VARIATIONS, type ThemeColourKey } from './theme-form';
import { ThemePreview } from './ThemePreview';
import { useSaveConfiguration } from './use-save-configuration';
import type { WebsiteTheme } from './website.operations';

const VARIATION_FIELDS = [
  { key: 'headerVariation', label: 'Header' },
  { key: 'footerVariation', label: 'Footer' },
  { key: 'loginVariation', label: 'Login' },
] as const;

/** Theme: colours (hex, checked as typed and on save), fonts, variations, dark mode, with a live preview. */
export function ThemeSection({ saved }: { saved: WebsiteTheme }) {
  const [theme, setTheme] = useState<WebsiteTheme>(saved);
  const [touched, setTouched] = useState(false);
  const { save, saving } = useSaveConfiguration();
  const errors = themeErrors(theme);
  const set = (patch: Partial<WebsiteTheme>) => setTheme({ ...theme, ...patch });
  const submit = () => {
    setTouched(true);
    if (Object.keys(errors).length === 0) void save({ theme: themePatch(theme) }, 'Theme saved.');
  };
  const colourField = (key: ThemeColourKey, label: string) => {
    const message = touched || theme[key] !== saved[key] ? errors[key] : undefined;
    return (
      <Col xs={24} sm={12} key={key}>
        <Form.Item label={label} htmlFor={`theme-${key}`} validateStatus={message ? 'error' : undefined} help={message}>
          <Input
            id={`theme-${key}`}
            value={theme[key]}
            onChange={(event) => set({ [key]: event.target.value })}
            prefix={<span aria-hidden className="ts-cms-swatch" style={{ background: message ? 'transparent' : theme[key] }} />}
          />
        </Form.Item>
      </Col>
    );
  };
  return (
    <Row gutter={24}>
      <Col xs={24} lg={14}>
        <Form layout="vertical" component="div">
          <Row gutter={12}>{THEME_COLOURS.map(({ key, label }) => colourField(key, label))}</Row>
          <Row gutter={12}>
            {(['primaryFont', 'secondaryFont'] as const).map((key) => (
              <Col xs={24} sm={12} key={key}>
                <Form.Item label={key === 'primaryFont' ? 'Primary font' : 'Secondary font'} htmlFor={`theme-${key}`}>
                  <Select
                    id={`theme-${key}`}
                    value={theme[key]}
                    onChange={(value) => set({ [key]: value })}
                    options={FONT_CHOICES.map((font) => ({ value: font, label: font }))}
                  />
                </Form.Item>
              </Col>
            ))}
            {VARIATION_FIELDS.map(({ key, label }) => (
              <Col xs={24} sm={8} key={key}>
                <Form.Item label={`${label} variation`} htmlFor={`theme-${key}`}>
                  <Select
                    id={`theme-${key}`}
                    value={theme[key]}
                    onChange={(value) => set({ [key]: value })}
                    options={VARIATIONS.map((value) => ({ value, label: value }))}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Form.Item label="Dark mode" htmlFor="theme-darkMode">
            <Switch id="theme-darkMode" checked={theme.darkMode} onChange={(darkMode) => set({ darkMode })} />
          </Form.Item>
          <Button type="primary" onClick={submit} loading={saving}>
            Save theme
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <ThemePreview theme={previewTheme(theme, saved)} />
      </Col>
    </Row>
  );
}
