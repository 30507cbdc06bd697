import { getSlotBalance } from '@yado/contract/ownership.contract';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSession } from '../../../lib/use-session.hook';

/**
 * On a house group's page, for a signed-in owner only: the way to book it on their slots, own use
 * where they hold a share of it, mutual use elsewhere, beside the guest's yen price. The page itself
 * is public and the same for everyone (its loader knows no session), so this is decided in the
 * browser once the session is known, and the owner strings load only then.
 */
export function OwnerStayChoice({ houseGroupId, query }: { houseGroupId: string; query: string }) {
  const session = useSession();
  const owner = session.status === 'signed-in' && session.isOwner;
  const { t, ready } = useTranslation('owner');
  const language = useLanguage();
  const { data } = useApiQuery(owner ? getSlotBalance : null, {});
  if (!owner || !ready || !data) return null;
  const own = data.shares.some((s) => s.houseGroupId === houseGroupId);
  const type = own ? 'OWN_USE' : 'MUTUAL_USE';
  return (
    <section
      className="card owner-stay-choice"
      aria-labelledby="owner-stay-choice-heading"
      data-testid="owner-stay-choice"
    >
      <h2 id="owner-stay-choice-heading" className="owner-stay-choice__title">
        {t('owner:choice.heading')}
      </h2>
      <p className="muted">{t(`owner:choice.lead.${type}`)}</p>
      <Link
        className={buttonClassName({ fullWidth: true })}
        to={`${localizePath(`/owner/bookings/new/${houseGroupId}`, language)}${query}`}
        data-testid={`owner-choice-${type}`}
      >
        {t(`owner:choice.book.${type}`)}
      </Link>
      <p className="muted owner-stay-choice__guest">{t('owner:choice.guest')}</p>
    </section>
  );
}
