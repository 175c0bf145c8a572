rf_sram.sv
rf_bank.sv
rf_map.sv
rf_bank_arbiter.sv
rf_xbar.sv
rf_collector.sv
rf_top.sv
