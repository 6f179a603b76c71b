/**
 * The customer portal's texts, word for word from the spec (public-site-and-portal §2, §8), in one module so the
 * pages, the domain code and the tests use the same strings.
 */
export const PORTAL_TEXT = {
  noVehicles: 'No vehicles registered to your account yet. Add one now!',
  noWorkOrdersForVehicle: 'No work orders found for this vehicle yet.',
  noRepairUpdates: 'No active repair updates for your vehicles.',
  noPhotosForWorkOrder: 'No photos uploaded for this work order yet.',
  noRepairPhotos: 'No repair photos available for your vehicles yet.',
  noVehiclesFound: 'No vehicles found for your account.',
  noDocuments: 'No documents available yet.',
  vehicleForbidden: 'You do not have permission to view this vehicle.',
  vehicleNotFound: 'Vehicle not found or you do not have permission to view it.',
  vehicleUnexpected: 'An unexpected error occurred while loading vehicle details.',
  inProgress: 'In Progress',
  addingVehicle: 'Adding Vehicle...',
  addVehicle: 'Add Vehicle',
  vehicleAdded: 'Vehicle added successfully!',
  unexpected: 'An unexpected error occurred.',
  customerNotFound: 'Error: Customer record not found for this user.',
} as const;

/** The dashboard's open repairs (issue 15 §2; our words: the spec's dashboard has only the welcome text and cards). */
export const DASHBOARD_TEXT = {
  openRepairs: 'Your repairs in progress',
  noOpenRepairs: 'You have no repairs in progress right now.',
  estimatedCompletion: 'Estimated completion',
  etaNotSet: 'not set yet — we will update it as the repair goes on',
  questions: 'Questions about this repair?',
  details: 'Parts, documents and every step',
} as const;

/** "Step 2 of 8: Parts Ordered" */
export function stepText(stepNumber: number, stepCount: number, status: string): string {
  return `Step ${stepNumber} of ${stepCount}: ${status}`;
}

/** Delay before the add-vehicle page moves on to My Vehicles after success (spec §9). */
export const ADD_VEHICLE_REDIRECT_MS = 1500;

/** 'Quote' for a quote, 'Paid Invoice' for any other type (spec §3). */
export function documentTypeLabel(type: string): string {
  return type === 'quote' ? 'Quote' : 'Paid Invoice';
}

/** "2019 Honda Accord" */
export function vehicleTitle(v: { year: number; make: string; model: string }): string {
  return `${v.year} ${v.make} ${v.model}`;
}

/** The private URL of a stored customer document (checked on every request, DECISIONS 6). */
export function documentUrl(id: string, variant?: 'thumb'): string {
  return variant ? `/files/documents/${id}?variant=${variant}` : `/files/documents/${id}`;
}

/** The image shown where a photo is missing or cannot be decoded (also served by the file route). */
export const PHOTO_PLACEHOLDER_URL = '/images/photo-unavailable.svg';
