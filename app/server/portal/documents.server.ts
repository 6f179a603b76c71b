/**
 * Customer documents: the My Documents list (spec public-site-and-portal §2, DECISIONS 4) and the access check of the
 * private file route `/files/documents/:documentId` (DECISIONS 6): the owner customer or staff, nobody else.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Bucket, DocumentType } from '~/lib/work-order-status';
import type { Executor } from '../db/client.server';
import { customerDocuments, customers, vehicles, workOrders } from '../db/schema';
import { isUuid } from '../errors.server';

export interface PortalDocument {
  id: string;
  documentType: DocumentType;
  fileName: string;
  createdAt: Date;
  workOrderNumber: string;
  vehicle: { year: number; make: string; model: string };
}

/** The customer's quotes and invoices (repair photos have their own page), newest first (1 query). */
export async function listCustomerDocuments(db: Executor, customerId: string): Promise<PortalDocument[]> {
  return db
    .select({
      id: customerDocuments.id,
      documentType: customerDocuments.documentType,
      fileName: customerDocuments.fileName,
      createdAt: customerDocuments.createdAt,
      workOrderNumber: workOrders.workOrderNumber,
      vehicle: { year: vehicles.year, make: vehicles.make, model: vehicles.model },
    })
    .from(customerDocuments)
    .innerJoin(workOrders, eq(workOrders.id, customerDocuments.workOrderId))
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .where(
      and(
        eq(customerDocuments.customerId, customerId),
        eq(workOrders.customerId, customerId),
        ne(customerDocuments.documentType, 'repair_photo'),
      ),
    )
    .orderBy(desc(customerDocuments.createdAt), asc(customerDocuments.id));
}

export interface DocumentFile {
  id: string;
  documentType: DocumentType;
  bucket: Bucket;
  fileKey: string;
  fileName: string;
  contentType: string;
}

/** Who asks for a file: a signed-in user id and whether the profile is staff. */
export interface FileViewer {
  userId: string;
  isAdmin: boolean;
  /**
   * A staff role's limit (issue 17 §2): `photosOnly` hides quotes and invoices (no money for technicians and Parts);
   * `assignedOnly` limits to the work orders assigned to `userId` (technician). Both absent: every document.
   */
  staffScope?: { photosOnly: boolean; assignedOnly: boolean };
}

/**
 * The stored file behind a document id when `viewer` may see it: staff see all, a customer only rows whose
 * customer (and work order's customer) is the one linked to their account. Null for a non-UUID id, an unknown id
 * or someone else's document, so the route answers 404 without telling them apart (1 query).
 */
export async function getDocumentFileForViewer(db: Executor, viewer: FileViewer, documentId: string): Promise<DocumentFile | null> {
  if (!isUuid(documentId)) return null;
  const columns = {
    id: customerDocuments.id,
    documentType: customerDocuments.documentType,
    bucket: customerDocuments.bucket,
    fileKey: customerDocuments.fileKey,
    fileName: customerDocuments.fileName,
    contentType: customerDocuments.contentType,
  };
  if (viewer.isAdmin) {
    const scope = viewer.staffScope;
    const [row] = await db
      .select({ ...columns, assignedTechnicianId: workOrders.assignedTechnicianId })
      .from(customerDocuments)
      .leftJoin(workOrders, eq(workOrders.id, customerDocuments.workOrderId))
      .where(eq(customerDocuments.id, documentId));
    if (!row) return null;
    if (scope?.photosOnly && row.documentType !== 'repair_photo') return null;
    if (scope?.assignedOnly && row.assignedTechnicianId !== viewer.userId) return null;
    const { assignedTechnicianId: _assigned, ...file } = row;
    return file;
  }
  const [row] = await db
    .select(columns)
    .from(customerDocuments)
    .innerJoin(customers, eq(customers.id, customerDocuments.customerId))
    .innerJoin(workOrders, eq(workOrders.id, customerDocuments.workOrderId))
    .where(
      and(
        eq(customerDocuments.id, documentId),
        eq(customers.userId, viewer.userId),
        eq(workOrders.customerId, customerDocuments.customerId),
      ),
    );
  return row ?? null;
}
