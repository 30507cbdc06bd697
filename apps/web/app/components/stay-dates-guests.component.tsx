import { addDays, civilFromIso, isoFromCivil, type IsoDate } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import { useState } from 'react';
import { TextField } from './ui/text-field.component';

/** The dates and guests of a stay an entitlement pays for (a key token, a DAO slot, a voucher). */
export type StayDatesGuests = {
  checkin: string;
  checkout: string;
  adults: string;
  setCheckin: (v: string) => void;
  setCheckout: (v: string) => void;
  setAdults: (v: string) => void;
  /** The request's dates as the API takes them. */
  civil: () => { checkinDate: CivilDate; checkoutDate: CivilDate };
};

export function useStayDatesGuests(firstCheckin: CivilDate | null = null): StayDatesGuests {
  const first = firstCheckin ? isoFromCivil(firstCheckin) : '';
  const [checkin, setCheckin] = useState<string>(first);
  const [checkout, setCheckout] = useState<string>(first ? addDays(first, 1) : '');
  const [adults, setAdults] = useState('2');
  return {
    checkin,
    checkout,
    adults,
    setCheckin,
    setCheckout,
    setAdults,
    civil: () => ({ checkinDate: civilFromIso(checkin as IsoDate), checkoutDate: civilFromIso(checkout as IsoDate) }),
  };
}

/**
 * Check-in, check-out and guests: choosing a check-in on or after the check-out moves the check-out
 * to the next day; `lastDay` bounds both (a voucher's expiry).
 */
export function StayDatesGuestsFields(props: {
  stay: StayDatesGuests;
  idBase: string;
  className: string;
  labels: { checkin: string; checkout: string; guests: string };
  lastDay?: string;
}) {
  const { stay, idBase, labels, lastDay } = props;
  return (
    <div className={props.className}>
      <TextField
        id={`${idBase}-checkin`}
        label={labels.checkin}
        type="date"
        required
        max={lastDay}
        value={stay.checkin}
        onChange={(e) => {
          const v = e.target.value;
          stay.setCheckin(v);
          if (v && (!stay.checkout || stay.checkout <= v)) stay.setCheckout(addDays(v as IsoDate, 1));
        }}
      />
      <TextField
        id={`${idBase}-checkout`}
        label={labels.checkout}
        type="date"
        required
        min={stay.checkin || undefined}
        max={lastDay}
        value={stay.checkout}
        onChange={(e) => stay.setCheckout(e.target.value)}
      />
      <TextField
        id={`${idBase}-adults`}
        label={labels.guests}
        type="number"
        inputMode="numeric"
        min={1}
        max={20}
        required
        value={stay.adults}
        onChange={(e) => stay.setAdults(e.target.value)}
      />
    </div>
  );
}
