// The JSON Schemas of schemas/api, imported once for the routes.
import accidentZipQuery from '../../schemas/api/accident-zip.query.schema.json' with { type: 'json' };
import accidentZipResponse from '../../schemas/api/accident-zip.response.schema.json' with { type: 'json' };
import certificateKeysResponse from '../../schemas/api/certificate-keys.response.schema.json' with { type: 'json' };
import certificateParams from '../../schemas/api/certificate.params.schema.json' with { type: 'json' };
import certificateResponse from '../../schemas/api/certificate.response.schema.json' with { type: 'json' };
import errorResponse from '../../schemas/api/error.response.schema.json' with { type: 'json' };
import legalResponse from '../../schemas/api/legal.response.schema.json' with { type: 'json' };
import leadsCreateCalcQuery from '../../schemas/api/leads-create-calc.query.schema.json' with { type: 'json' };
import leadsCreateCalcRequest from '../../schemas/api/leads-create-calc.request.schema.json' with { type: 'json' };
import leadsCreateCampLejeuneRequest from '../../schemas/api/leads-create-camp-lejeune.request.schema.json' with { type: 'json' };
import leadsCreateRequest from '../../schemas/api/leads-create.request.schema.json' with { type: 'json' };
import leadsCreateResponse from '../../schemas/api/leads-create.response.schema.json' with { type: 'json' };
import leadsSponsorsRequest from '../../schemas/api/leads-sponsors.request.schema.json' with { type: 'json' };
import leadsSponsorsResponse from '../../schemas/api/leads-sponsors.response.schema.json' with { type: 'json' };
import leadsUpdateTimeRequest from '../../schemas/api/leads-update-time.request.schema.json' with { type: 'json' };
import leadsUpdateTimeResponse from '../../schemas/api/leads-update-time.response.schema.json' with { type: 'json' };
import leadsUpdateRequest from '../../schemas/api/leads-update.request.schema.json' with { type: 'json' };
import leadsUpdateResponse from '../../schemas/api/leads-update.response.schema.json' with { type: 'json' };
import mfaChallengeResponse from '../../schemas/api/mfa-challenge.response.schema.json' with { type: 'json' };
import mfaFailureResponse from '../../schemas/api/mfa-failure.response.schema.json' with { type: 'json' };
import mfaLimitResponse from '../../schemas/api/mfa-limit.response.schema.json' with { type: 'json' };
import mfaSmsConfirmedRequest from '../../schemas/api/mfa-sms-confirmed.request.schema.json' with { type: 'json' };
import mfaSmsConfirmedResponse from '../../schemas/api/mfa-sms-confirmed.response.schema.json' with { type: 'json' };
import mfaSmsLinkRequest from '../../schemas/api/mfa-sms-link.request.schema.json' with { type: 'json' };
import mfaSmsLinkResponse from '../../schemas/api/mfa-sms-link.response.schema.json' with { type: 'json' };
import mfaSmsSendRequest from '../../schemas/api/mfa-sms-send.request.schema.json' with { type: 'json' };
import mfaSmsSendResponse from '../../schemas/api/mfa-sms-send.response.schema.json' with { type: 'json' };
import mfaSmsVerifyRequest from '../../schemas/api/mfa-sms-verify.request.schema.json' with { type: 'json' };
import mfaSmsVerifyResponse from '../../schemas/api/mfa-sms-verify.response.schema.json' with { type: 'json' };
import pdfIdQuery from '../../schemas/api/pdf-id.query.schema.json' with { type: 'json' };
import privacyDataResponse from '../../schemas/api/privacy-data.response.schema.json' with { type: 'json' };
import privacyEraseResponse from '../../schemas/api/privacy-erase.response.schema.json' with { type: 'json' };
import overloadedResponse from '../../schemas/api/overloaded.response.schema.json' with { type: 'json' };
import readinessResponse from '../../schemas/api/readiness.response.schema.json' with { type: 'json' };
import placesReverseQuery from '../../schemas/api/places-reverse.query.schema.json' with { type: 'json' };
import placesReverseResponse from '../../schemas/api/places-reverse.response.schema.json' with { type: 'json' };
import placesSuggestQuery from '../../schemas/api/places-suggest.query.schema.json' with { type: 'json' };
import placesSuggestResponse from '../../schemas/api/places-suggest.response.schema.json' with { type: 'json' };
import rateLimitedResponse from '../../schemas/api/rate-limited.response.schema.json' with { type: 'json' };
import reportsCreateRequest from '../../schemas/api/reports-create.request.schema.json' with { type: 'json' };
import reportsCreateResponse from '../../schemas/api/reports-create.response.schema.json' with { type: 'json' };
import reportsIdParams from '../../schemas/api/reports-id.params.schema.json' with { type: 'json' };
import reportsIdQuery from '../../schemas/api/reports-id.query.schema.json' with { type: 'json' };
import reportsIdResponse from '../../schemas/api/reports-id.response.schema.json' with { type: 'json' };
import reportsProofRefusedResponse from '../../schemas/api/reports-proof-refused.response.schema.json' with { type: 'json' };
import reportsProofRequest from '../../schemas/api/reports-proof.request.schema.json' with { type: 'json' };
import reportsProofResponse from '../../schemas/api/reports-proof.response.schema.json' with { type: 'json' };
import reportsSearchQuery from '../../schemas/api/reports-search.query.schema.json' with { type: 'json' };
import reportsSearchResponse from '../../schemas/api/reports-search.response.schema.json' with { type: 'json' };
import smsInboundRequest from '../../schemas/api/sms-inbound.request.schema.json' with { type: 'json' };
import smsInboundResponse from '../../schemas/api/sms-inbound.response.schema.json' with { type: 'json' };
import smsUnsubscribeParams from '../../schemas/api/sms-unsubscribe.params.schema.json' with { type: 'json' };
import smsUnsubscribeResponse from '../../schemas/api/sms-unsubscribe.response.schema.json' with { type: 'json' };
import userTcpaQuery from '../../schemas/api/user-tcpa.query.schema.json' with { type: 'json' };
import userTcpaRequest from '../../schemas/api/user-tcpa.request.schema.json' with { type: 'json' };
import userTcpaResponse from '../../schemas/api/user-tcpa.response.schema.json' with { type: 'json' };
import validationErrorResponse from '../../schemas/api/validation-error.response.schema.json' with { type: 'json' };

export const apiSchemas = {
  accidentZipQuery,
  accidentZipResponse,
  certificateKeysResponse,
  certificateParams,
  certificateResponse,
  errorResponse,
  legalResponse,
  leadsCreateCalcQuery,
  leadsCreateCalcRequest,
  leadsCreateCampLejeuneRequest,
  leadsCreateRequest,
  leadsCreateResponse,
  leadsSponsorsRequest,
  leadsSponsorsResponse,
  leadsUpdateRequest,
  leadsUpdateResponse,
  leadsUpdateTimeRequest,
  leadsUpdateTimeResponse,
  mfaChallengeResponse,
  mfaFailureResponse,
  mfaLimitResponse,
  mfaSmsConfirmedRequest,
  mfaSmsConfirmedResponse,
  mfaSmsLinkRequest,
  mfaSmsLinkResponse,
  mfaSmsSendRequest,
  mfaSmsSendResponse,
  mfaSmsVerifyRequest,
  mfaSmsVerifyResponse,
  pdfIdQuery,
  overloadedResponse,
  placesReverseQuery,
  placesReverseResponse,
  placesSuggestQuery,
  placesSuggestResponse,
  privacyDataResponse,
  privacyEraseResponse,
  rateLimitedResponse,
  readinessResponse,
  reportsCreateRequest,
  reportsCreateResponse,
  reportsIdParams,
  reportsIdQuery,
  reportsIdResponse,
  reportsProofRefusedResponse,
  reportsProofRequest,
  reportsProofResponse,
  reportsSearchQuery,
  reportsSearchResponse,
  smsInboundRequest,
  smsInboundResponse,
  smsUnsubscribeParams,
  smsUnsubscribeResponse,
  userTcpaQuery,
  userTcpaRequest,
  userTcpaResponse,
  validationErrorResponse,
};
