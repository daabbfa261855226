import { applyDecorators } from '@nestjs/common';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  IsUrl,
  MaxLength,
} from 'class-validator';
import { ALL_EVENTS, DEPRECATED_EVENTS, EVENT_TYPES } from '../../events/event-types';

export const URL_MAX_LENGTH = 2048;
export const DESCRIPTION_MAX_LENGTH = 255;
/** What `events` may list: `*`, the event types, and the deprecated aliases (last). */
export const EVENT_CHOICES = [ALL_EVENTS, ...EVENT_TYPES, ...DEPRECATED_EVENTS] as const;
/** The OpenAPI note on the deprecated names in an endpoint's `events`. */
export const DEPRECATED_EVENTS_NOTE =
  'Deprecated: `execution.canceled`, the old spelling of `execution.cancelled`, is still accepted; an endpoint subscribed by that name (and not by the new one, nor to `*`) receives the event with `type: "execution.canceled"`.';

export { Optional } from '../../common/validation';

export const EndpointUrl = () =>
  applyDecorators(
    IsString({ message: '$property must be a string' }),
    MaxLength(URL_MAX_LENGTH, {
      message: `$property must be at most ${URL_MAX_LENGTH} characters`,
    }),
    IsUrl(
      { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
      { message: '$property must be an absolute http or https URL' },
    ),
  );

export const EndpointEvents = () =>
  applyDecorators(
    IsArray({ message: '$property must be an array of event types' }),
    ArrayMinSize(1, { message: '$property must name at least one event type, or "*"' }),
    ArrayMaxSize(EVENT_CHOICES.length, { message: '$property lists an event type twice' }),
    ArrayUnique({ message: '$property lists an event type twice' }),
    IsIn(EVENT_CHOICES, {
      each: true,
      message: `each of $property must be one of: ${EVENT_CHOICES.join(', ')}`,
    }),
  );

export const EndpointDescription = () =>
  applyDecorators(
    IsString({ message: '$property must be a string' }),
    MaxLength(DESCRIPTION_MAX_LENGTH, {
      message: `$property must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
    }),
  );

export const EndpointEnabled = () => IsBoolean({ message: '$property must be true or false' });
