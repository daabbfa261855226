'use strict';
// See package.json and docs/decisions.md ("Dependencies"): class-validator's IsPhoneNumber is
// not available in this service; a phone number validated with it is always invalid.
const unavailable = () => {
  throw new Error('libphonenumber-js is stubbed out (stubs/libphonenumber-js): no phone number parsing here');
};
module.exports = {
  parsePhoneNumber: unavailable,
  parsePhoneNumberWithError: unavailable,
  parsePhoneNumberFromString: unavailable,
  isValidPhoneNumber: unavailable,
  isPossiblePhoneNumber: unavailable,
};
