import type { Language } from './headers.js';

/**
 * The one catalogue of API errors. A reason (`CodeUserNotFound`) names what
 * went wrong; its HTTP status and canonical code come with it, so a reason
 * always answers the same way wherever it is raised.
 */
type Entry = { status: number; code: string; en: string; ja: string };

export const ERROR_CATALOGUE = {
  CodeInvalidArgument: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'Some of the information sent is not valid.',
    ja: '送信された内容に誤りがあります。',
  },
  CodeMalformedJson: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'The request body is not valid JSON.',
    ja: 'リクエストの本文が正しいJSONではありません。',
  },
  CodePayloadTooLarge: {
    status: 413,
    code: 'RESOURCE_EXHAUSTED',
    en: 'The request is too large.',
    ja: 'リクエストが大きすぎます。',
  },
  CodeMethodNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This API method does not exist.',
    ja: 'このAPIメソッドは存在しません。',
  },
  CodeHttpMethodNotAllowed: {
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    en: 'Use POST for this API.',
    ja: 'このAPIはPOSTで呼び出してください。',
  },
  CodeUnauthenticated: {
    status: 401,
    code: 'UNAUTHENTICATED',
    en: 'Please sign in to continue.',
    ja: '続けるにはログインしてください。',
  },
  CodeTokenExpired: {
    status: 401,
    code: 'UNAUTHENTICATED',
    en: 'Your session has expired. Please sign in again.',
    ja: 'セッションの有効期限が切れました。もう一度ログインしてください。',
  },
  CodePermissionDenied: {
    status: 403,
    code: 'PERMISSION_DENIED',
    en: 'You do not have permission to do this.',
    ja: 'この操作を行う権限がありません。',
  },
  CodeOwnerOnly: {
    status: 403,
    code: 'PERMISSION_DENIED',
    en: 'This is available to owners only.',
    ja: 'この機能はオーナー様専用です。',
  },
  CodeCrossOriginRefused: {
    status: 403,
    code: 'PERMISSION_DENIED',
    en: 'Requests from another site are not accepted.',
    ja: '他のサイトからのリクエストは受け付けられません。',
  },
  CodeUserNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'No user is registered for this account yet.',
    ja: 'このアカウントのユーザー登録がまだ完了していません。',
  },
  CodeNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'What you asked for was not found.',
    ja: 'お探しの情報が見つかりませんでした。',
  },
  CodeUserAlreadyExists: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'A user is already registered for this account.',
    ja: 'このアカウントのユーザーはすでに登録されています。',
  },
  CodeEmailAlreadyInUse: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'This email address is already in use.',
    ja: 'このメールアドレスはすでに使用されています。',
  },
  CodeInvalidCredentials: {
    status: 401,
    code: 'UNAUTHENTICATED',
    en: 'The email address or password is not correct.',
    ja: 'メールアドレスまたはパスワードが正しくありません。',
  },
  CodePasswordTooShort: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'The password must be at least 8 characters long.',
    ja: 'パスワードは8文字以上にしてください。',
  },
  CodePasswordTooLong: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'The password must be at most 128 characters long.',
    ja: 'パスワードは128文字以内にしてください。',
  },
  CodePasswordTooCommon: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'This password is too common and appears in lists of leaked passwords. Please choose another.',
    ja: 'このパスワードは流出したパスワードの一覧に含まれるため使用できません。別のパスワードを選んでください。',
  },
  CodeRefreshTokenInvalid: {
    status: 401,
    code: 'UNAUTHENTICATED',
    en: 'Your sign-in is no longer valid. Please sign in again.',
    ja: 'ログイン状態が無効になりました。もう一度ログインしてください。',
  },
  CodeTooManyAttempts: {
    status: 429,
    code: 'RESOURCE_EXHAUSTED',
    en: 'Too many attempts. Please wait a moment and try again.',
    ja: '試行回数が多すぎます。しばらくしてからもう一度お試しください。',
  },
  CodeProviderNotConfigured: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This sign-in method is not available.',
    ja: 'このログイン方法はご利用いただけません。',
  },
  CodeOidcFailed: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'Signing in with this provider failed. Please try again.',
    ja: 'このプロバイダーでのログインに失敗しました。もう一度お試しください。',
  },
  CodeVerificationCodeInvalid: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'The verification code is not correct.',
    ja: '認証コードが正しくありません。',
  },
  CodeVerificationCodeExpired: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'The verification code has expired. Please request a new one.',
    ja: '認証コードの有効期限が切れました。新しいコードを送信してください。',
  },
  CodeVerificationAttemptsExceeded: {
    status: 429,
    code: 'RESOURCE_EXHAUSTED',
    en: 'Too many wrong codes. Please request a new code.',
    ja: '認証コードの入力回数が上限に達しました。新しいコードを送信してください。',
  },
  CodeVerificationResendTooSoon: {
    status: 429,
    code: 'RESOURCE_EXHAUSTED',
    en: 'A code was sent a moment ago. Please wait before asking for another.',
    ja: '認証コードを送信したばかりです。しばらくしてから再度お試しください。',
  },
  CodeVerificationNotRequested: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'Please request a verification code first.',
    ja: '先に認証コードを送信してください。',
  },
  CodePhoneNumberNotSet: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'Please register a phone number first.',
    ja: '先に電話番号を登録してください。',
  },
  CodeAlreadyVerified: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This is already verified.',
    ja: 'すでに認証済みです。',
  },
  CodeMessageNotSent: {
    status: 503,
    code: 'UNAVAILABLE',
    en: 'We could not send the message. Please try again shortly.',
    ja: 'メッセージを送信できませんでした。しばらくしてからもう一度お試しください。',
  },
  CodeInvalidPhoneNumber: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'The phone number is not valid.',
    ja: '電話番号が正しくありません。',
  },
  CodeInvalidImage: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'The photo must be a JPEG image no larger than 1024 pixels on either side.',
    ja: '写真は縦横1024ピクセル以内のJPEG画像にしてください。',
  },
  CodeOwnerApplicationExists: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'You have already applied to become an owner; it is being reviewed.',
    ja: 'オーナー申請はすでに受け付けており、現在審査中です。',
  },
  CodeAlreadyOwner: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'You are already an owner.',
    ja: 'すでにオーナーとして登録されています。',
  },
  CodeHouseGroupNotOpenForOwnership: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This house is not open for ownership.',
    ja: 'このハウスは現在オーナー募集を行っていません。',
  },
  CodeDeleteAlreadyRequested: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'Deletion of your account has already been requested.',
    ja: 'アカウントの削除はすでに申請されています。',
  },
  CodeCouponNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This coupon code is not valid. Please check the code.',
    ja: 'このクーポンコードは無効です。コードをご確認ください。',
  },
  CodeCouponExpired: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This coupon has expired.',
    ja: 'このクーポンは有効期限が切れています。',
  },
  CodeCouponNotYetValid: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This coupon cannot be used yet.',
    ja: 'このクーポンはまだご利用いただけません。',
  },
  CodeCouponExhausted: {
    status: 400,
    code: 'RESOURCE_EXHAUSTED',
    en: 'This coupon has been fully used.',
    ja: 'このクーポンは利用上限に達しました。',
  },
  CodeCouponUserLimitReached: {
    status: 400,
    code: 'RESOURCE_EXHAUSTED',
    en: 'You have already used this coupon as many times as allowed.',
    ja: 'このクーポンはご利用可能な回数をすでに使い切っています。',
  },
  CodeCouponNotApplicable: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This coupon cannot be used for this house or these dates.',
    ja: 'このクーポンはこの施設または日程ではご利用いただけません。',
  },
  CodeCouponCodeTaken: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'A coupon of this type already uses this code.',
    ja: 'この種類のクーポンにはすでに同じコードが使われています。',
  },
  CodeCatalogueImageInvalid: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'The image must be a JPEG, PNG or WebP file of at most 8 MB.',
    ja: '画像は8MB以下のJPEG、PNG、WebPファイルにしてください。',
  },
  CodeCatalogueIdTaken: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'This id is already in use. Please choose another.',
    ja: 'このIDはすでに使われています。別のIDを指定してください。',
  },
  CodeHouseHasFutureStays: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'This house has stays booked from today on and cannot be removed.',
    ja: 'このハウスには本日以降の宿泊予定があるため削除できません。',
  },
  CodeCalendarRangeInvalid: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'Calendar dates must run from today up to 18 months ahead, with the end not before the start.',
    ja: 'カレンダーの日付は本日から18か月先までの範囲で、終了日が開始日より前にならないよう指定してください。',
  },
  CodeUnsupportedClient: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This version of the app is not supported. Please reload the page.',
    ja: 'このバージョンのアプリはサポートされていません。ページを再読み込みしてください。',
  },
  CodeInternal: {
    status: 500,
    code: 'INTERNAL',
    en: 'Something went wrong on our side. Please try again later.',
    ja: 'システムエラーが発生しました。しばらくしてからもう一度お試しください。',
  },
  CodeUnavailable: {
    status: 503,
    code: 'UNAVAILABLE',
    en: 'The service is temporarily unavailable. Please try again shortly.',
    ja: 'ただいまサービスをご利用いただけません。しばらくしてからお試しください。',
  },
} as const satisfies Record<string, Entry>;

export type ErrorReason = keyof typeof ERROR_CATALOGUE;

/** The API error object of spec sections 3 and 8. */
export type ApiErrorBody = {
  status: number;
  code: string;
  message: string;
  errorInfo: { reason: string; fields?: { field: string; description: string }[] };
  localizedMessage: string;
};

export function errorBody(
  reason: ErrorReason,
  language: Language,
  fields?: { field: string; description: string }[],
): ApiErrorBody {
  const entry: Entry = ERROR_CATALOGUE[reason];
  const fieldText = fields?.length ? ` (${fields.map((f) => f.field || '(body)').join(', ')})` : '';
  return {
    status: entry.status,
    code: entry.code,
    message: entry.en + fieldText,
    errorInfo: fields?.length ? { reason, fields } : { reason },
    localizedMessage: entry[language] + fieldText,
  };
}
