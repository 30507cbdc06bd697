import type { MethodOutput } from '@yado/contract/method';
import { updateNotificationSettings, type listNotificationSettings } from '@yado/contract/user.contract';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';

export type NotificationSettings = MethodOutput<typeof listNotificationSettings>;
type Item = NotificationSettings['channels'][number]['items'][number];

/**
 * The notification channels (spec, section 3: EMAIL and PUSH), each with a
 * switch for the whole channel and one per kind of message. Every change is
 * saved at once; push registration reads the same settings, so with every
 * push item off the browser is no longer asked for permission.
 */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const [settings, setSettings] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(items: Item[]) {
    setSaving(true);
    setError(null);
    try {
      setSettings(await callMethod(updateNotificationSettings, { items }, { language }));
      toast.success(t('settings:notifications.saved'));
    } catch (saveError) {
      console.error('Saving the notification settings failed', saveError);
      setError(isApiError(saveError) ? saveError.displayMessage : t('errors.network'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {settings.channels.map((channel) => {
        const name = t(`settings:notifications.channel.${channel.channelType}`);
        const items = channel.items;
        // The channel counts as on while any of its items is.
        const on = items.filter((item) => item.enabled).length;
        const type = channel.channelType.toLowerCase();
        return (
          <fieldset key={channel.channelType} className="card settings-section settings-channel" disabled={saving}>
            <legend className="visually-hidden">{name}</legend>
            <div className="settings-section__head">
              <div>
                <h2 className="settings-section__title" aria-hidden="true">
                  {name}
                </h2>
                <p className="settings-section__hint">
                  {t(`settings:notifications.channelHint.${channel.channelType}`)}
                </p>
              </div>
              <input
                id={`channel-${type}`}
                type="checkbox"
                role="switch"
                className="switch switch--large"
                aria-label={t(`settings:notifications.channelSwitch.${channel.channelType}`)}
                checked={on > 0}
                onChange={(event) => void save(switchChannel(items, event.target.checked))}
                data-testid={`channel-${type}`}
              />
            </div>
            <ul className="settings-items">
              {items.map((item) => {
                const itemId = `notification-${type}-${item.itemType.toLowerCase()}`;
                return (
                  <li key={item.itemType} className="settings-items__row">
                    <label htmlFor={itemId} className="settings-items__label">
                      {t(`settings:notifications.item.${item.itemType}`)}
                    </label>
                    <input
                      id={itemId}
                      type="checkbox"
                      role="switch"
                      className="switch"
                      checked={item.enabled}
                      onChange={(event) => void save([{ ...item, enabled: event.target.checked }])}
                    />
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </>
  );
}

/**
 * The items a channel switch sends: off turns every item off; on turns on
 * every item except promotions, which stay an opt-in of their own (as for a
 * new user).
 */
export function switchChannel(items: Item[], enabled: boolean): Item[] {
  return items.map((item) => ({ ...item, enabled: enabled && item.itemType !== 'PROMOTION' }));
}
