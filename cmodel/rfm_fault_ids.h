/* rfm_fault_ids.h - planted-fault ids by name, for the models: RFM_FAULT_<NAME> (rfm_faults.h). */
#ifndef RFM_FAULT_IDS_H
#define RFM_FAULT_IDS_H

/* Fault ids by name (every cmodel/<technique>/faults.def). */
enum rfm_fault_id {
	RFM_FAULT_NONE = 0, /* no planted fault */
#define X(id, name, block, what) RFM_FAULT_##name = id,
#include "rfm_faults_all.def"
#undef X
};

#endif /* RFM_FAULT_IDS_H */
