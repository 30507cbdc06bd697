import {
  FamilyRelationship,
  inviteFamilyMember,
  type FamilyMember,
  type FamilyRelationship as Relationship,
} from '@yado/contract/family.contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { ModalDialog } from '../../../components/ui/modal-dialog.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { maxLengthOf } from '../../../lib/schema-limits';
import { useLanguage } from '../../../lib/use-language.hook';
import { useInviteFamilyMember, type InviteDraft } from '../hooks/use-invite-family-member.hook';
import { useRemoveFamilyMember } from '../hooks/use-remove-family-member.hook';
import { OwnerLayout } from './owner-layout.component';

const EMPTY: InviteDraft = { emailAddress: '', displayName: '', relationship: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Family: the owner's family members and invitations, an invitation form and removal with a confirmation. */
export function OwnerFamilyPage({ members, maxMembers }: { members: FamilyMember[]; maxMembers: number }) {
  const { t } = useTranslation();
  const active = members.filter((m) => m.status !== 'EXPIRED').length;
  return (
    <OwnerLayout title={t('owner:family.heading')} lead={t('owner:family.lead')}>
      <div className="owner-family">
        <MemberList members={members} active={active} maxMembers={maxMembers} />
        <InviteForm full={active >= maxMembers} maxMembers={maxMembers} />
      </div>
    </OwnerLayout>
  );
}

function MemberList({ members, active, maxMembers }: { members: FamilyMember[]; active: number; maxMembers: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const { remove, busy } = useRemoveFamilyMember();
  const [confirming, setConfirming] = useState<FamilyMember | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  // The day as the API wrote it (in its zone), never moved by the visitor's clock.
  const dateOf = (at: FamilyMember['invitedAt']) => formatDate(at, 'date', language);

  async function confirmRemove() {
    if (!confirming) return;
    const result = await remove(confirming.familyMemberId);
    if (result.ok) {
      toast.success(t('owner:family.removed', { email: confirming.emailAddress }));
      setConfirming(null);
      setProblem(null);
    } else {
      setProblem(result.message ?? t('owner:family.failed'));
    }
  }

  return (
    <section className="owner-card" aria-labelledby="owner-family-list">
      <h2 id="owner-family-list" className="owner-card__title">
        {t('owner:family.members')}
      </h2>
      <p className="owner-note">{t('owner:family.limit', { count: active, max: maxMembers })}</p>
      {members.length === 0 ? (
        <p className="owner-empty">{t('owner:family.none')}</p>
      ) : (
        <ul className="owner-members">
          {members.map((m) => (
            <li
              key={m.familyMemberId}
              className="owner-member"
              data-testid="owner-family-member"
              data-status={m.status}
            >
              <div className="owner-member__who">
                <span className="owner-member__name">{m.memberName ?? m.displayName ?? m.emailAddress}</span>
                {(m.memberName ?? m.displayName) ? <span className="owner-member__email">{m.emailAddress}</span> : null}
                <span className="owner-member__meta">
                  <span className={`owner-badge owner-badge--${m.status.toLowerCase()}`}>
                    {t(`owner:family.status.${m.status}`)}
                  </span>
                  {m.relationship ? <span>{t(`owner:family.relationship.${m.relationship}`)}</span> : null}
                  <span>
                    {m.status === 'ACCEPTED' && m.acceptedAt
                      ? t('owner:family.acceptedOn', { date: dateOf(m.acceptedAt) })
                      : m.status === 'PENDING'
                        ? t('owner:family.expiresOn', { date: dateOf(m.expiresAt) })
                        : t('owner:family.invitedOn', { date: dateOf(m.invitedAt) })}
                  </span>
                </span>
              </div>
              <Button
                variant="secondary"
                size="small"
                onClick={() => {
                  setProblem(null);
                  setConfirming(m);
                }}
                data-testid="owner-family-remove"
              >
                {m.status === 'ACCEPTED' ? t('owner:family.remove') : t('owner:family.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {confirming ? (
        <ModalDialog
          role="alertdialog"
          layer="alert-dialog"
          labelledBy={`${id}-title`}
          describedBy={`${id}-description`}
          onClose={() => (busy ? undefined : setConfirming(null))}
          className="alert-dialog owner-confirm"
          testId="owner-family-confirm"
        >
          <h2 id={`${id}-title`} className="alert-dialog__title">
            {confirming.status === 'ACCEPTED'
              ? t('owner:family.confirmRemoveTitle')
              : t('owner:family.confirmWithdrawTitle')}
          </h2>
          <div id={`${id}-description`} className="alert-dialog__description">
            <p>
              {confirming.status === 'ACCEPTED'
                ? t('owner:family.confirmRemoveBody', {
                    name: confirming.memberName ?? confirming.emailAddress,
                  })
                : t('owner:family.confirmWithdrawBody', { email: confirming.emailAddress })}
            </p>
            {problem ? <FormAlert>{problem}</FormAlert> : null}
          </div>
          <div className="owner-confirm__actions">
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(null)}>
              {t('owner:family.keep')}
            </Button>
            <Button busy={busy} onClick={() => void confirmRemove()} data-testid="owner-family-confirm-remove">
              {confirming.status === 'ACCEPTED' ? t('owner:family.remove') : t('owner:family.withdraw')}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}

function InviteForm({ full, maxMembers }: { full: boolean; maxMembers: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const { invite, busy } = useInviteFamilyMember();
  const [draft, setDraft] = useState<InviteDraft>(EMPTY);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!EMAIL.test(draft.emailAddress.trim())) {
      setEmailError(t('owner:family.badEmail'));
      return;
    }
    setEmailError(null);
    const result = await invite(draft);
    if (result.ok) {
      toast.success(t('owner:family.invited', { email: draft.emailAddress.trim() }));
      setDraft(EMPTY);
      setProblem(null);
    } else {
      setProblem(result.message ?? t('owner:family.failed'));
    }
  }

  const input = inviteFamilyMember.input.shape;
  return (
    <section className="owner-card" aria-labelledby="owner-family-invite">
      <h2 id="owner-family-invite" className="owner-card__title">
        {t('owner:family.invite')}
      </h2>
      <p className="owner-note">{t('owner:family.inviteLead')}</p>
      {full ? (
        <FormAlert tone="info">{t('owner:family.full', { max: maxMembers })}</FormAlert>
      ) : (
        <form className="owner-form" noValidate onSubmit={(e) => void submit(e)} data-testid="owner-family-invite-form">
          <TextField
            id={`${id}-email`}
            name="emailAddress"
            type="email"
            label={t('owner:family.email')}
            autoComplete="off"
            required
            value={draft.emailAddress}
            error={emailError}
            maxLength={maxLengthOf(input.emailAddress)}
            onChange={(e) => setDraft((d) => ({ ...d, emailAddress: e.target.value }))}
          />
          <TextField
            id={`${id}-name`}
            name="displayName"
            label={t('owner:family.displayName')}
            labelNote={t('owner:family.optional')}
            autoComplete="off"
            value={draft.displayName}
            maxLength={maxLengthOf(input.displayName)}
            onChange={(e) => setDraft((d) => ({ ...d, displayName: e.target.value }))}
          />
          <SelectField
            id={`${id}-relationship`}
            label={t('owner:family.relationshipLabel')}
            labelNote={t('owner:family.optional')}
            value={draft.relationship}
            onChange={(e) => setDraft((d) => ({ ...d, relationship: e.target.value as Relationship | '' }))}
          >
            <option value="">{t('owner:family.relationshipNone')}</option>
            {FamilyRelationship.values.map((r) => (
              <option key={r} value={r}>
                {t(`owner:family.relationship.${r}`)}
              </option>
            ))}
          </SelectField>
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <Button type="submit" busy={busy} data-testid="owner-family-send">
            {t('owner:family.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
