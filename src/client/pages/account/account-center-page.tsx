import { Alert, Avatar, Button, Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { UserInfo } from '../../../shared/generated/user-info';
import type { UserUnit } from '../../../shared/generated/user-unit';
import { greeting } from '../../../shared/rules/greeting';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { useResourcePages } from '../../engine/use-resource-pages';
import { formatDateTime } from '../../i18n/format-date-time';
import { useLocale } from '../../i18n/locale-store';
import { fetchUserUnits, switchUnit } from '../../passport/passport-api';
import { usePassportTexts } from '../../passport/passport-texts';
import { fetchSessionUserInfo } from '../../session/session-api';
import { applySessionRules } from '../../session/session-guard';
import { getToken } from '../../session/session-store';
import { storeUserUnit } from '../../session/stored-user-unit';
import { useFeedback } from '../../feedback/use-feedback';

/** Only same-origin or data: images pass the CSP (img-src 'self' data:); others show the initial. */
function showableAvatar(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('data:image/')) return url;
  try {
    return new URL(url, location.href).origin === location.origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /account/center: the profile (name, avatar, current unit, the greeting by hour) and the unit
 * switcher (spec §7 unit/list and settings/unit?unitId). Choosing a unit stores it for this token
 * (spec §4), so the session loads the user and the generated 科研诚信 menu.
 */
export default function AccountCenterPage() {
  const texts = usePassportTexts();
  const locale = useLocale();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const [info, setInfo] = useState<UserInfo>();
  // Known once the user info has been asked for (answered or not): the services wait for it.
  const [infoSettled, setInfoSettled] = useState(false);
  const [units, setUnits] = useState<UserUnit[]>();
  const [switching, setSwitching] = useState<string>();
  const services = useResourcePages();

  const load = useCallback(async (): Promise<void> => {
    const [loadedInfo, loadedUnits] = await Promise.all([fetchSessionUserInfo().catch(() => undefined), fetchUserUnits().catch(() => [])]);
    setInfo(loadedInfo);
    setInfoSettled(true);
    setUnits(loadedUnits);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const choose = async (unit: UserUnit): Promise<void> => {
    const token = getToken();
    if (!token) return;
    setSwitching(unit.id);
    try {
      const answer = await switchUnit(unit.id);
      storeUserUnit({ token, isSelect: answer.isSelect, id: answer.unit.id, name: answer.unit.name });
      void message.success(texts.unitSwitched);
      applySessionRules(location.pathname + location.search, (href) => void navigate(href, { replace: true }));
      await load();
    } catch {
      // The HTTP client has shown why.
    } finally {
      setSwitching(undefined);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} className="kc-account-center">
      <Card>
        <Space size="large" align="center">
          <Avatar size={64} src={showableAvatar(info?.headimgurl)} className="kc-account-avatar">
            {info?.fullname.slice(0, 1)}
          </Avatar>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} className="kc-account-greeting">
              {greeting(new Date(), locale)}，{info?.fullname ?? ''}
            </Typography.Title>
            <Typography.Text type="secondary">{info?.unit?.name ?? texts.noUnit}</Typography.Text>
          </div>
        </Space>
        <Descriptions
          column={1}
          style={{ marginTop: 24 }}
          items={[
            { key: 'fullname', label: texts.fullname, children: info?.fullname ?? '' },
            { key: 'username', label: texts.username, children: info?.username ?? '' },
            {
              key: 'unit',
              label: texts.currentUnit,
              children: <span className="kc-current-unit">{info?.unit?.name ?? texts.noUnit}</span>,
            },
          ]}
        />
      </Card>
      <Card title={texts.accountStatus} id="account-status" className="kc-account-status">
        {info?.frozen ? (
          <Alert
            type="error"
            showIcon
            message={texts.accountFrozenAt(formatDateTime(info.frozen.at))}
            description={
              <>
                {info.frozen.reason && (
                  <Typography.Paragraph className="kc-frozen-reason">{texts.frozenReason(info.frozen.reason)}</Typography.Paragraph>
                )}
                <Typography.Paragraph style={{ marginBottom: 0 }}>{texts.unfreezeHow}</Typography.Paragraph>
              </>
            }
          />
        ) : (
          <Typography.Text>{info ? texts.accountNormal : ''}</Typography.Text>
        )}
      </Card>
      <Card title={texts.qualification} id="qualification" className="kc-qualification">
        <Typography.Paragraph className="kc-current-roles">
          {texts.currentRoles(
            (info?.roles ?? []).map((role) => (locale === 'en-US' ? (role.nameEn ?? role.name) : role.name)).join('、') || '-',
          )}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {texts.upgradeHow}
        </Typography.Paragraph>
      </Card>
      <Card title={texts.myServices} className="kc-account-services">
        {services.failed && <LoadFailedAlert onRetry={services.retry} />}
        <List
          loading={(services.pages === undefined && !services.failed) || !infoSettled}
          grid={{ gutter: 16, xs: 1, sm: 2, md: 3, lg: 4 }}
          // Shown once the user info says whether the administrators' lists belong: an entry arriving later would move the others under the pointer.
          dataSource={
            infoSettled ? (services.pages?.accountMenu ?? []).filter((entry) => !entry.administered || info?.orgAdmin === true) : []
          }
          renderItem={(entry) => (
            <List.Item>
              <Link to={entry.href}>{locale === 'en-US' ? entry.titleEn : entry.title}</Link>
            </List.Item>
          )}
        />
      </Card>
      <Card title={texts.myUnits} className="kc-unit-switcher">
        <List<UserUnit>
          loading={units === undefined}
          dataSource={units ?? []}
          locale={{ emptyText: texts.noUnits }}
          renderItem={(unit) => (
            <List.Item
              actions={[
                unit.current ? (
                  <Tag color="blue" key="current">
                    {texts.currentUnit}
                  </Tag>
                ) : (
                  <Button key="switch" size="small" loading={switching === unit.id} onClick={() => void choose(unit)}>
                    {texts.switchUnit}
                  </Button>
                ),
              ]}
            >
              {unit.name}
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
