/**
 * The providers every variant renders in, as the app gives them to its pages (src/client/app.tsx):
 * antd's ConfigProvider with the Chinese locale (imported from antd/es, STACK trap 6), the
 * FeedbackProvider behind App.useApp(), and a router (the step form links to 我的申报). A MemoryRouter,
 * not the app's data router: without one the step form's leave guard uses only `beforeunload`.
 * The shell is the same for all three variants, so it is not part of any difference.
 */
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { FeedbackProvider } from '../../../../src/client/feedback/feedback-provider';

dayjs.locale('zh-cn');
document.documentElement.lang = 'zh-CN';

export function BenchShell({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <FeedbackProvider>
        <MemoryRouter>
          <div style={{ maxWidth: 960, margin: '0 auto', padding: 24 }}>{children}</div>
        </MemoryRouter>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
