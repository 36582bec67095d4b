// The messages the storefront shows as they are: the server's answers in the product's fixed wording, and
// the few the browser words itself. They stay free of zod so that the storefront's start-up code can show
// them without loading the schemas.

import { ROLE, type Role } from './constants';

export const REGISTERED_MESSAGE = 'Registered successfully';
/** The server's refusal of a registration, shown at the form's e-mail field too. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const LOGGED_IN_MESSAGE = 'Logged-in successfully';
/** The product's wording, typo included. */
export const LOGGED_OUT_MESSAGE = 'Sucessfull LoggedOut';
export const PASSWORD_RESET_MESSAGE = 'Password reset successful';
export const USER_DELETED_MESSAGE = 'User deleted successfully.';
/** A role as a sentence says it, with its article. */
const ROLE_IN_A_SENTENCE: Record<Role, string> = {
  [ROLE.user]: 'a shopper',
  [ROLE.pharmacist]: 'a pharmacist',
  [ROLE.admin]: 'an admin',
};
/** The notice of a role given on the users page: "Phil Pharma is now a pharmacist." */
export const roleChangedMessage = (name: string, role: Role) => `${name} is now ${ROLE_IN_A_SENTENCE[role]}.`;
/** The server's refusal of a non-admin, and the notice of a shopper sent away from the admin area. */
export const NOT_ADMIN_MESSAGE = "You're unauthorized to access this page.";

export const ALREADY_IN_CART_MESSAGE = 'Item already added to cart';
export const ITEM_ADDED_MESSAGE = 'Item added to cart';
export const CART_CLEARED_MESSAGE = 'Cart cleared successfully.';
/** The alert for checking out an empty cart, and the server's answer to it. */
export const EMPTY_CART_MESSAGE = 'Cart is Empty';

export const CONTACT_RECEIVED_MESSAGE = 'Form Submitted Successfully!';
/** The third-party contact form service gave no answer: the shop itself may be fine, so it is not blamed. */
export const CONTACT_SERVICE_UNREACHABLE_MESSAGE = 'The message service cannot be reached. Please try again later.';

/** What a screen says when a call gets no answer at all: the server is down or the network is. */
export const CANNOT_REACH_SHOP_MESSAGE = 'Cannot reach the shop. Check your connection, then try again.';

/** A catalogue filter whose minimum price is above its maximum: said at the price fields, and the API's 400. */
export const PRICE_RANGE_MESSAGE = 'Min price must not be more than max price.';

/**
 * An image within an upload's bytes but of more pixels than the server decodes, with the most it
 * takes ("The image must be at most 40 megapixels (width × height)."), as the byte limit's message
 * names its megabytes. An area rather than a side: a long panorama of the same pixels is as welcome.
 */
export const megapixelsMessage = (subject: string, maxPixels: number) =>
  `${subject} must be at most ${maxPixels / 1_000_000} megapixels (width × height).`;

/** Pay now pressed with no delivery address chosen or written: said at the checkout's delivery step. */
export const ADDRESS_MISSING_MESSAGE = 'Say where to deliver the order before paying.';
/** Pay now pressed while the prescription chosen a moment ago is still on its way: it is not missing. */
export const PRESCRIPTION_UPLOADING_MESSAGE = 'Your prescription is still uploading. Pay once it is uploaded.';

/** The notice of a recall that was never made: the server's 409, and the recall page's word for it. */
export const NOT_RECALLED_MESSAGE = 'This lot is not recalled.';

/**
 * The history note of a dispatched order whose patient was mailed about a recalled lot it drew from:
 * the patient's order shows it as a warning, with what to do, and staff read it in its history.
 */
export const recallNoticeNote = (medicine: string, lot: string) =>
  `A lot of ${medicine} in this order was recalled (lot ${lot}).`;
/** Said on the patient's closed order row too, so they see which order holds a recalled lot. */
export const RECALL_NOTICE_MARK = 'A lot in it was recalled';
/** What the patient does about a recalled lot they received, as the recall mail says it. */
export const RECALL_NOTICE_ADVICE =
  'Please stop using the units of that lot (the lot number is printed on the pack) and return them to us or to any pharmacy. If you have taken it and feel unwell, contact your doctor.';

/**
 * What the admin's medicine list says of the duplicates report's `medicineCount` (two at least: a
 * double has two); here, free of zod, so /admin downloads no schema (docs/decisions/0136).
 */
export const duplicateMedicinesNotice = (medicineCount: number) =>
  `${medicineCount} medicines share their name, maker, strength and pack size with another.`;

/**
 * A request body sent compressed (any Content-Encoding but identity): the server reads bodies as they
 * are sent and decompresses none, so it says how to send one rather than calling it invalid JSON.
 */
export const COMPRESSED_BODY_MESSAGE =
  'The request body must be sent uncompressed: send it without a Content-Encoding (such as gzip).';
