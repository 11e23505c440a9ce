import { Button, Divider, Drawer, Radio, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { setLocale, useLocale } from '../i18n/locale-store';
import { PRIMARY_COLORS, type LayoutSettings } from '../settings/layout-settings';
import { resetLayoutSettings, updateLayoutSettings, useLayoutSettings } from '../settings/layout-settings-store';
import { layoutTextsFor, type LayoutTexts } from './layout-texts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="kc-setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

function SwitchRow({
  label,
  setting,
  disabled,
}: {
  label: string;
  setting: 'fixedHeader' | 'autoHideHeader' | 'fixSiderbar' | 'colorWeak' | 'multiTab';
  disabled?: boolean;
}) {
  const settings = useLayoutSettings();
  return (
    <Row label={label}>
      <Switch
        size="small"
        aria-label={label}
        checked={settings[setting]}
        disabled={disabled}
        onChange={(checked) => updateLayoutSettings({ [setting]: checked })}
      />
    </Row>
  );
}

type ChoiceSetting = 'navTheme' | 'layout' | 'siderMenuType' | 'contentWidth';

type TextKey = { [K in keyof LayoutTexts]: LayoutTexts[K] extends string ? K : never }[keyof LayoutTexts];

/** Each choice setting's values, in the drawer's order, with the text that names each. */
const CHOICES: { [K in ChoiceSetting]: Array<[LayoutSettings[K], TextKey]> } = {
  navTheme: [
    ['light', 'themeLight'],
    ['realDark', 'themeDark'],
  ],
  layout: [
    ['top', 'layoutTop'],
    ['side', 'layoutSide'],
    ['mix', 'layoutMix'],
  ],
  siderMenuType: [
    ['sub', 'menuSub'],
    ['group', 'menuGroup'],
  ],
  contentWidth: [
    ['Fluid', 'contentFluid'],
    ['Fixed', 'contentFixed'],
  ],
};

/** A radio group for one of the choice settings; the options are typed, so no value needs a cast. */
function SettingChoice<K extends ChoiceSetting>(props: {
  setting: K;
  texts: LayoutTexts;
  /** Button-style options (the drawer's headline choices); plain radios otherwise. */
  buttons?: boolean;
  size?: 'small';
  disabled?: boolean;
}) {
  const settings = useLayoutSettings();
  const { setting } = props;
  const options = CHOICES[setting].map(([value, text]) => ({ value, label: props.texts[text] }));
  return (
    <Radio.Group
      optionType={props.buttons ? 'button' : 'default'}
      size={props.size}
      disabled={props.disabled}
      value={settings[setting]}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.target.value);
        if (chosen) updateLayoutSettings({ [setting]: chosen.value });
      }}
      options={options}
    />
  );
}

const LOCALE_OPTIONS: Array<{ label: string; value: Locale }> = [
  { label: '中文', value: 'zh-CN' },
  { label: 'English', value: 'en-US' },
];

/**
 * The settings drawer for spec §3's layout keys. Our own antd Drawer rather than ProLayout's
 * SettingDrawer: that one has no multi-tab or language entries, copies settings to the clipboard
 * and writes the URL, none of which the portal wants. Every change is stored at once.
 */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const locale = useLocale();
  const texts = layoutTextsFor(locale);
  const settings = useLayoutSettings();
  const isTop = settings.layout === 'top';

  return (
    <Drawer title={texts.settings} open={open} onClose={onClose} width={320} rootClassName="kc-settings-drawer">
      <Typography.Title level={5}>{texts.navTheme}</Typography.Title>
      <SettingChoice setting="navTheme" buttons texts={texts} />

      <Typography.Title level={5}>{texts.primaryColor}</Typography.Title>
      <Space wrap size={8}>
        {PRIMARY_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className="kc-color-swatch"
            aria-label={texts.colorName(color)}
            aria-pressed={settings.colorPrimary === color}
            style={{ background: color }}
            onClick={() => updateLayoutSettings({ colorPrimary: color })}
          />
        ))}
      </Space>

      <Divider />
      <Typography.Title level={5}>{texts.layoutMode}</Typography.Title>
      <SettingChoice setting="layout" buttons texts={texts} />
      <Row label={texts.siderMenuType}>
        <SettingChoice setting="siderMenuType" size="small" disabled={isTop} texts={texts} />
      </Row>
      <Row label={texts.contentWidth}>
        <SettingChoice setting="contentWidth" size="small" texts={texts} />
      </Row>
      {!isTop && <Typography.Text type="secondary">{texts.contentWidthHint}</Typography.Text>}
      <SwitchRow label={texts.fixedHeader} setting="fixedHeader" />
      <SwitchRow label={texts.autoHideHeader} setting="autoHideHeader" disabled={!settings.fixedHeader} />
      <SwitchRow label={texts.fixSiderbar} setting="fixSiderbar" disabled={isTop} />

      <Divider />
      <SwitchRow label={texts.colorWeak} setting="colorWeak" />
      <SwitchRow label={texts.multiTab} setting="multiTab" />
      <Row label={texts.language}>
        <Radio.Group
          size="small"
          optionType="button"
          value={locale}
          onChange={(event) => setLocale(event.target.value as Locale)}
          options={LOCALE_OPTIONS}
        />
      </Row>

      <Divider />
      <Button block onClick={() => resetLayoutSettings()}>
        {texts.resetSettings}
      </Button>
    </Drawer>
  );
}
