import { z } from 'zod';
import { BookingRequestSchema, CreatedOutput } from './booking.contract.js';
import { DateSchema, DateTimeSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/**
 * Key tokens (THE KEY, MASTER KEY): tokens on a chain that entitle nights at a house group each
 * year, to whoever holds them in a wallet they linked by signing a Sign-In with Ethereum
 * (EIP-4361) message (decision 0051).
 */

/** The two key-token collections. */
export const KeyCollection = specEnum(['THE_KEY', 'MASTER_KEY']);
export type KeyCollectionValue = (typeof KeyCollection.values)[number];

/** The booking types a key token books, one per collection. */
export const NftBookingType = specEnum(['NFT_THE_KEY_USE', 'NFT_MASTER_KEY_USE']);

/** An Ethereum address as a wallet gives it (any case); the server keeps it lower-case. */
export const WalletAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an Ethereum address (0x and 40 hex digits)');
/** A token id, a whole number written in decimal. */
export const TokenIdSchema = z.string().regex(/^[0-9]{1,20}$/, 'a token id (digits)');

/** How long a wallet link challenge may be signed. */
export const WALLET_LINK_CHALLENGE_MINUTES = 10;

export const LinkedWalletSchema = z.object({
  /** Checksummed (EIP-55). */
  walletAddress: z.string(),
  chainId: z.number().int(),
  linkedAt: DateTimeSchema,
});
export type LinkedWallet = z.infer<typeof LinkedWalletSchema>;

export const NftKeySchema = z.object({
  keyType: KeyCollection.strict,
  tokenId: z.string(),
  /** The linked wallet that holds the token (checksummed). */
  walletAddress: z.string(),
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  /** The entitlement year the remaining nights are of (the year of today at the house group). */
  year: z.number().int(),
  nightsStandard: z.number().int(),
  nightsHigh: z.number().int(),
  remainingNightsStandard: z.number().int(),
  remainingNightsHigh: z.number().int(),
  /** MASTER KEY: the dates it may be used on this year and next (check-in dates); empty for THE KEY. */
  datesFixed: z.array(DateSchema),
});
export type NftKey = z.infer<typeof NftKeySchema>;

export const createWalletLinkChallenge = defineMethod({
  path: 'create_wallet_link_challenge',
  access: 'user',
  summary: `A Sign-In with Ethereum (EIP-4361) message for the wallet to sign, naming this site's domain and origin, the chain and a one-time nonce valid for ${WALLET_LINK_CHALLENGE_MINUTES} minutes. Sign it (personal_sign) and send it to link_wallet.`,
  input: z.object({ walletAddress: WalletAddressSchema, chainId: z.number().int().min(1).default(1) }).strict(),
  output: z.object({ message: z.string(), nonce: z.string(), expiresAt: DateTimeSchema }),
});

export const linkWallet = defineMethod({
  path: 'link_wallet',
  access: 'user',
  summary:
    "Links the wallet that signed a challenge of create_wallet_link_challenge to the signed-in user. 400 CodeWalletSignatureInvalid (not the message's wallet's signature), CodeWalletChallengeInvalid (not this site's message, not the caller's, or already used), CodeWalletChallengeExpired; 409 CodeWalletLinkedElsewhere (another user's wallet).",
  input: z.object({ message: z.string().min(1).max(4000), signature: z.string().regex(/^0x[0-9a-fA-F]+$/) }).strict(),
  output: z.object({ wallet: LinkedWalletSchema }),
});

export const listLinkedWallets = defineMethod({
  path: 'list_linked_wallets',
  access: 'user',
  summary: "The signed-in user's linked wallets, oldest first.",
  input: z.object({}).strict(),
  output: z.object({ wallets: z.array(LinkedWalletSchema) }),
});

export const unlinkWallet = defineMethod({
  path: 'unlink_wallet',
  access: 'user',
  summary:
    "Unlinks one of the user's wallets: its key tokens no longer book stays for them (stays booked stay booked). 404 CodeWalletNotLinked.",
  input: z.object({ walletAddress: WalletAddressSchema }).strict(),
  output: z.object({ wallets: z.array(LinkedWalletSchema) }),
});

export const listNftKeys = defineMethod({
  path: 'list_nft_keys',
  access: 'user',
  summary:
    "The key tokens the chain says the user's linked wallets hold, each with its house group and the nights left this year.",
  input: z.object({}).strict(),
  output: z.object({ keys: z.array(NftKeySchema) }),
});

export const createNftTentativeBooking = defineMethod({
  path: 'create_nft_tentative_booking',
  access: 'user',
  idempotent: true,
  summary:
    "Holds a stay at a key token's house group as a TENTATIVE NFT_THE_KEY_USE or NFT_MASTER_KEY_USE booking, its nights taken from the token's year (standard or high by each night's price type; the token pays the room, meals and options are paid as usual). 404 CodeKeyTokenNotFound; 403 CodeKeyTokenNotHeld (the wallet is not the caller's, or the chain says it no longer holds the token); 400 CodeKeyTokenWrongHouseGroup, CodeMasterKeyDatesFixed (a master key books only its fixed dates); 409 CodeKeyTokenNightsExhausted, CodeHouseNotAvailable.",
  input: BookingRequestSchema.omit({ coupon: true })
    .extend({ bookingType: NftBookingType.strict, tokenId: TokenIdSchema, walletAddress: WalletAddressSchema })
    .strict(),
  output: CreatedOutput,
});

export const mintSimulatedKeyToken = defineMethod({
  path: 'mint_simulated_key_token',
  access: 'staff',
  summary:
    "Simulated chain only: mints a key token to a wallet and records what it entitles (house group, nights per year; a MASTER KEY's fixed dates as MM-DD). The mint is mined a moment later. 409 CodeKeyTokenExists; 400 CodeChainNotSimulated.",
  input: z
    .object({
      keyType: KeyCollection.strict,
      tokenId: TokenIdSchema,
      walletAddress: WalletAddressSchema,
      houseGroupId: z.string().min(1),
      nightsStandard: z.number().int().min(0).max(366).default(0),
      nightsHigh: z.number().int().min(0).max(366).default(0),
      datesFixed: z
        .array(z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, 'MM-DD'))
        .max(366)
        .default([]),
    })
    .strict(),
  output: z.object({ submittedAt: DateTimeSchema }),
});

export const transferSimulatedKeyToken = defineMethod({
  path: 'transfer_simulated_key_token',
  access: 'staff',
  summary:
    'Simulated chain only: moves a key token from the wallet holding it to another, mined a moment later. 404 CodeKeyTokenNotFound; 400 CodeChainNotSimulated.',
  input: z
    .object({ keyType: KeyCollection.strict, tokenId: TokenIdSchema, toWalletAddress: WalletAddressSchema })
    .strict(),
  output: z.object({ submittedAt: DateTimeSchema }),
});

export const KEY_TOKEN_METHODS = [
  createWalletLinkChallenge,
  linkWallet,
  listLinkedWallets,
  unlinkWallet,
  listNftKeys,
  createNftTentativeBooking,
  mintSimulatedKeyToken,
  transferSimulatedKeyToken,
];
