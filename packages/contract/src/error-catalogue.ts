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
  // The user's contact address, as opposed to CodeEmailAlreadyInUse, which is about signing up.
  CodeEmailAddressHeldByAnotherAccount: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'This email address belongs to another account. Please use a different address.',
    ja: 'このメールアドレスは別のアカウントで使用されています。別のメールアドレスを入力してください。',
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
  CodePasswordResetLinkInvalid: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This link to reset your password has expired or was already used. Please ask for a new one.',
    ja: 'このパスワード再設定用のリンクは有効期限が切れているか、すでに使用されています。もう一度お申し込みください。',
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
  CodeNotOwner: {
    status: 403,
    code: 'PERMISSION_DENIED',
    en: 'You hold no share of this house.',
    ja: 'このハウスのオーナー権をお持ちではありません。',
  },
  CodeShareNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This share was not found.',
    ja: 'このオーナー権が見つかりませんでした。',
  },
  CodeSharesExceedHouseGroup: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'The shares of this house would add up to more than the whole house.',
    ja: 'このハウスのオーナー権の合計がハウス全体を超えてしまいます。',
  },
  CodeInsufficientSlots: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'You do not have enough slots (nights) left for this stay.',
    ja: 'この宿泊に必要な宿泊枠（泊数）が不足しています。',
  },
  CodeOutsideBookingWindow: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'These dates are outside the period you can book now.',
    ja: 'この日程は現在予約できる期間の外です。',
  },
  CodeDebtOptionLocked: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'How the fees of this booking are settled can no longer be changed.',
    ja: 'この予約の費用の精算方法は変更できなくなりました。',
  },
  CodeNotInOwnerNetwork: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'This house does not take mutual use by owners of other houses.',
    ja: 'このハウスは他ハウスのオーナーによる相互利用を受け付けていません。',
  },
  CodeAllocationRoundNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This high-season allocation round was not found.',
    ja: 'このハイシーズン割り当てラウンドは見つかりませんでした。',
  },
  CodeAllocationWindowClosed: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'Requests for this round are accepted only while its request window is open.',
    ja: 'このラウンドの希望は受付期間中のみ受け付けています。',
  },
  CodeAllocationWindowNotClosed: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'The draw can run only after the request window has closed.',
    ja: '抽選は希望の受付期間が終了してから実施できます。',
  },
  CodeAllocationPeriodOverlaps: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'These dates overlap dates already offered by this round or another round not drawn yet.',
    ja: 'この日程は、このラウンドまたは抽選前の別のラウンドで提供中の日程と重なっています。',
  },
  CodeDatesReservedForAllocation: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: "These high-season dates are reserved for the owners' allocation round until its draw. Please send your request in the round.",
    ja: 'このハイシーズンの日程は、抽選が終わるまでオーナー様の割り当てラウンド用に確保されています。ラウンドで希望をお送りください。',
  },
  CodeFamilyInviteSelf: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'You cannot invite yourself as a family member.',
    ja: 'ご自身をご家族として招待することはできません。',
  },
  CodeFamilyMemberExists: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'This person is already one of your family members.',
    ja: 'この方はすでにご家族として登録されています。',
  },
  CodeFamilyInvitationPending: {
    status: 409,
    code: 'ALREADY_EXISTS',
    en: 'An invitation to this email address is already waiting to be accepted.',
    ja: 'このメールアドレスへの招待はすでに送信済みで、承認待ちです。',
  },
  CodeFamilyMembersLimitReached: {
    status: 409,
    code: 'RESOURCE_EXHAUSTED',
    en: 'You have reached the maximum number of family members and invitations.',
    ja: 'ご家族と招待中の方の人数が上限に達しています。',
  },
  CodeFamilyMemberNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This family member was not found.',
    ja: 'このご家族の登録が見つかりませんでした。',
  },
  CodeFamilyInvitationNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This invitation was not found. It may have been withdrawn.',
    ja: 'この招待は見つかりませんでした。取り消された可能性があります。',
  },
  CodeFamilyInvitationExpired: {
    status: 410,
    code: 'FAILED_PRECONDITION',
    en: 'This invitation has expired. Please ask for a new one.',
    ja: 'この招待は有効期限が切れています。あらためて招待を依頼してください。',
  },
  CodeFamilyInvitationOwn: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'This is your own invitation; the person you invited accepts it.',
    ja: 'ご自身が送った招待です。招待された方が承認してください。',
  },
  CodeFamilyInvitationTaken: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'This invitation has already been accepted by someone else.',
    ja: 'この招待はすでに別の方が承認しています。',
  },
  CodeNotFamilyMember: {
    status: 403,
    code: 'PERMISSION_DENIED',
    en: "You are not a family member of this share's owner.",
    ja: 'このオーナー権のオーナー様のご家族として登録されていません。',
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
  CodeIdempotencyKeyReused: {
    status: 422,
    code: 'FAILED_PRECONDITION',
    en: 'This request key was already used for a different request. Please start again.',
    ja: 'このリクエストキーは別の内容ですでに使われています。最初からやり直してください。',
  },
  CodeIdempotencyKeyInvalid: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: "The Idempotency-Key header must be 8 to 200 letters, digits, '-' or '_'.",
    ja: 'Idempotency-Key ヘッダーは8〜200文字の英数字、「-」または「_」で指定してください。',
  },
  CodeRequestInProgress: {
    status: 409,
    code: 'ABORTED',
    en: 'The same request is still being processed. Please wait a moment and try again.',
    ja: '同じリクエストを処理中です。しばらくしてからもう一度お試しください。',
  },
  CodeBookingNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This booking could not be found.',
    ja: '予約が見つかりません。',
  },
  CodeHouseNotAvailable: {
    status: 409,
    code: 'ABORTED',
    en: 'Those dates were just taken. Please choose other dates.',
    ja: 'ご指定の日程はすでに埋まりました。別の日程をお選びください。',
  },
  CodeDatesNotBookable: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'These dates cannot be booked: some nights are not on sale, closed or in the past.',
    ja: 'この日程は予約できません。販売前、休館日、または過去の日付が含まれています。',
  },
  CodeHeadcountNotAllowed: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This number of guests or pets is not allowed in this house.',
    ja: 'この人数またはペットの数ではご利用いただけません。',
  },
  CodeBookingTypeNotAvailable: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'This kind of booking is not offered for this house.',
    ja: 'この施設ではこの予約方法はご利用いただけません。',
  },
  CodeTimeUseHoursInvalid: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'These hours cannot be booked: they must be whole hours within opening hours that have not begun yet.',
    ja: 'この時間帯は予約できません。営業時間内で、まだ始まっていない1時間単位の時間帯をお選びください。',
  },
  CodeTimeUsePriceNotSet: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'This house is not offered by the hour to you: it has no hourly price for your membership.',
    ja: 'この施設はお客様のご契約では時間単位でご利用いただけません（時間料金が設定されていません）。',
  },
  CodeBookingStatusInvalid: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: "This cannot be done in the booking's current state.",
    ja: '現在の予約の状態ではこの操作はできません。',
  },
  CodeTentativeBookingExpired: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'The hold on these dates has expired. Please book again.',
    ja: '仮予約の有効期限が切れました。もう一度ご予約ください。',
  },
  CodeCheckinNotOpen: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'Check-in opens at the check-in time on the day of arrival.',
    ja: 'チェックインはご到着日のチェックイン時刻から可能です。',
  },
  CodeGuestRegisterIncomplete: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'Please complete the guest register before checking in.',
    ja: 'チェックインの前に宿泊者名簿の入力を完了してください。',
  },
  CodePaymentMethodNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This payment method could not be found.',
    ja: 'お支払い方法が見つかりません。',
  },
  CodePaymentDeclined: {
    status: 402,
    code: 'FAILED_PRECONDITION',
    en: 'The card was declined. Please use another card.',
    ja: 'カードが承認されませんでした。別のカードをご利用ください。',
  },
  CodePaymentInsufficientFunds: {
    status: 402,
    code: 'FAILED_PRECONDITION',
    en: 'The card was declined for insufficient funds. Please use another card.',
    ja: 'カードの利用可能額が不足しています。別のカードをご利用ください。',
  },
  CodePaymentCardExpired: {
    status: 402,
    code: 'FAILED_PRECONDITION',
    en: 'The card has expired. Please use another card.',
    ja: 'カードの有効期限が切れています。別のカードをご利用ください。',
  },
  CodePaymentAuthenticationFailed: {
    status: 402,
    code: 'FAILED_PRECONDITION',
    en: "The card issuer's identity check (3-D Secure) failed. Please try again or use another card.",
    ja: 'カード会社の本人認証（3Dセキュア）に失敗しました。もう一度お試しいただくか、別のカードをご利用ください。',
  },
  CodePaymentPending: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'The payment is still being processed. Please wait a moment.',
    ja: 'お支払いを処理中です。しばらくお待ちください。',
  },
  CodePaymentNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This payment could not be found.',
    ja: 'お支払いが見つかりません。',
  },
  CodePaymentStateInvalid: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'This payment cannot be changed in its current state.',
    ja: 'このお支払いは現在の状態では変更できません。',
  },
  CodePaymentProviderUnavailable: {
    status: 503,
    code: 'UNAVAILABLE',
    en: 'The card payment service is not answering. Nothing was charged; please try again shortly.',
    ja: 'カード決済サービスが応答しません。請求は発生していません。しばらくしてからもう一度お試しください。',
  },
  CodeBillingNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This billing could not be found.',
    ja: '請求が見つかりません。',
  },
  CodeBillingNotPayable: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'This billing cannot be paid now.',
    ja: 'この請求は現在お支払いいただけません。',
  },
  CodeBillingStatusInvalid: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: "This cannot be done in the billing's current state.",
    ja: '現在の請求の状態ではこの操作はできません。',
  },
  CodeInvoiceNotAvailable: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'An invoice is issued once the billing is paid.',
    ja: '請求書（適格請求書）はお支払い完了後に発行されます。',
  },
  CodeInsufficientPoints: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'You do not have enough points for this.',
    ja: 'ポイントが不足しています。',
  },
  CodePointsExceedAmount: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'Points cannot pay more than the amount billed.',
    ja: 'ご請求額を超えるポイントは利用できません。',
  },
  CodeMealNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This meal could not be found.',
    ja: 'お食事が見つかりません。',
  },
  CodeMealOrderDeadlinePassed: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'The order deadline for this meal has passed.',
    ja: 'このお食事の注文締め切りを過ぎています。',
  },
  CodeMealNotProvided: {
    status: 400,
    code: 'FAILED_PRECONDITION',
    en: 'Meals are not served at this house on that date.',
    ja: 'この施設ではその日にお食事をご用意できません。',
  },
  CodeOrderNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This order could not be found.',
    ja: 'ご注文が見つかりません。',
  },
  CodeExtraOptionNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This option could not be found.',
    ja: 'オプションが見つかりません。',
  },
  CodeExtraOptionQuantityInvalid: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'This quantity is more than the option allows.',
    ja: 'このオプションの上限を超える数量です。',
  },
  CodeSupplementalConsentNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    en: 'This question to owners was not found.',
    ja: 'このオーナー様へのご質問は見つかりませんでした。',
  },
  CodeSupplementalConsentNotAsked: {
    status: 403,
    code: 'PERMISSION_DENIED',
    en: 'This question was put to the owners of another house, so you cannot answer it.',
    ja: 'このご質問は他のハウスのオーナー様へのものため、回答いただけません。',
  },
  CodeSupplementalConsentDeadlinePassed: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'The answer deadline of this question has passed.',
    ja: 'このご質問の回答期限を過ぎています。',
  },
  CodeSupplementalConsentAlreadyAnswered: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'You have already answered this question; an answer cannot be changed.',
    ja: 'このご質問にはすでに回答済みです。回答は変更できません。',
  },
  CodeSupplementalConsentUnknownChoice: {
    status: 400,
    code: 'INVALID_ARGUMENT',
    en: 'This choice is not one of the answers to this question.',
    ja: 'この選択肢はこのご質問の回答にありません。',
  },
  CodeSupplementalConsentNoOwners: {
    status: 409,
    code: 'FAILED_PRECONDITION',
    en: 'No one holds a share of this house group yet, so there is nobody to ask.',
    ja: 'このハウスグループにはまだオーナー様がいないため、ご質問を送れません。',
  },  CodeUnsupportedClient: {
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
