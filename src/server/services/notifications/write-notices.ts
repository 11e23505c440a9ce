import type { WorkflowFile } from '../../../shared/generated/workflow-file';
import { localizedEntryTitle } from '../../../shared/i18n/localized-title';
import { fillNotice, reviewerTransitionsFrom, type WorkflowNotice } from '../../../shared/resource/notify-template';
import type { WorkflowTransition } from '../../../shared/resource/workflow-rules';
import { notifications } from '../../db/schema';
import type { Runner } from '../../db/write-with-history';
import { noticeRecipients } from './notice-recipients';

/** What a transition's notices know of the record and the step that moved it. */
export interface TransitionNotices {
  /** The folder: its name, its title in both languages, its permission id, and the module source that keeps its records, if one does. */
  folder: {
    name: string;
    title: string;
    locale?: { 'en-US'?: { title?: string } } | undefined;
    permission: string;
    source?: string | undefined;
  };
  workflow: WorkflowFile;
  transitionName: string;
  transition: WorkflowTransition;
  record: {
    id: string;
    ownerId: string | null;
    orgId: string | null;
    status: string;
    data: Readonly<Record<string, unknown>>;
    /**
     * The fields whose text depends on the reader's language, as English readers see them (a module's list
     * row: an application's activity title); the English message reads them before `data`.
     */
    dataEn?: Readonly<Record<string, unknown>> | undefined;
  };
  /**
   * The portal page of the record, a same-site path; or the page for each kind of recipient, where they
   * read the record on different pages (an application's applicant and its reviewers).
   */
  href: string | ((to: WorkflowNotice['to']) => string);
  actorId: string;
  note: string | undefined;
  now: Date;
}

/** One message owed to a channel once the transaction has committed (deliver-notices.ts). */
export interface NoticeDelivery {
  channel: 'sms' | 'mail';
  /** A mobile number or a mail address, sealed as users holds it (deliverNotices opens it, ADR 0066). */
  address: string;
  subject: string;
  text: string;
}

/**
 * Writes one message-centre row per recipient of each of the transition's notices, in the caller's
 * transaction, and returns what its SMS and mail channels owe once that commits. Nobody is told of their
 * own step, and a recipient two notices name gets the first one only.
 */
export async function writeTransitionNotices(tx: Runner, input: TransitionNotices): Promise<NoticeDelivery[]> {
  const notices = input.transition.notify ?? [];
  if (notices.length === 0) return [];
  const { folder, workflow, transition, record } = input;
  const state = workflow.states[record.status];
  const context = (locale: 'zh-CN' | 'en-US'): Record<string, string> => ({
    resource: localizedEntryTitle(folder, locale),
    transition: localizedEntryTitle(transition, locale),
    state: state ? localizedEntryTitle(state, locale) : record.status,
    note: input.note ?? '',
  });
  const zh = context('zh-CN');
  const en = context('en-US');
  const queueActions = [...new Set(reviewerTransitionsFrom(workflow, record.status).map((next) => next.permission ?? 'update'))];
  const told = new Set<string>([input.actorId]);
  const deliveries: NoticeDelivery[] = [];
  for (const notice of notices) {
    const recipients = await noticeRecipients(tx, notice.to, {
      ownerId: record.ownerId,
      orgId: record.orgId,
      permission: folder.permission,
      queueActions,
    });
    const fresh = recipients.filter((recipient) => !told.has(recipient.id));
    if (fresh.length === 0) continue;
    const title = `${zh['resource']}·${zh['transition']}`;
    const body = fillNotice(notice.message, zh, record.data);
    const href = typeof input.href === 'string' ? input.href : input.href(notice.to);
    await tx.insert(notifications).values(
      fresh.map((recipient) => ({
        recipientId: recipient.id,
        resource: folder.name,
        // record_id references the records table: a module's record (an application) is named by its href only.
        recordId: folder.source === undefined ? record.id : null,
        action: input.transitionName,
        title,
        titleEn: `${en['resource']} · ${en['transition']}`,
        body,
        bodyEn: fillNotice(notice.messageEn, en, record.dataEn ? { ...record.data, ...record.dataEn } : record.data),
        href,
        createdAt: input.now,
      })),
    );
    for (const recipient of fresh) {
      told.add(recipient.id);
      deliveries.push(...channelDeliveries(notice, recipient, title, body));
    }
  }
  return deliveries;
}

/** The channels a notice asks for that reach this recipient (an account without a number or address is skipped). SMS and mail go in Chinese. */
function channelDeliveries(
  notice: WorkflowNotice,
  recipient: { phone: string | null; email: string | null },
  subject: string,
  text: string,
): NoticeDelivery[] {
  const out: NoticeDelivery[] = [];
  for (const channel of notice.channels ?? []) {
    const address = channel === 'sms' ? recipient.phone : recipient.email;
    if (address) out.push({ channel, address, subject, text });
  }
  return out;
}
