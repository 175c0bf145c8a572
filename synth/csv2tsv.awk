# csv2tsv.awk - CSV (RFC 4180: fields quoted when they hold a comma or a quote, quotes doubled)
# to tab-separated fields, one record per line, for the report scripts that read inventory.csv.
# Usage: awk -f synth/csv2tsv.awk FILE.csv | awk -F'\t' '...'. Line breaks inside a field are not
# supported (the inventory has none).
{
	out = ""; field = ""; q = 0; n = length($0)
	for (i = 1; i <= n; i++) {
		ch = substr($0, i, 1)
		if (q) {
			if (ch == "\"") {
				if (substr($0, i + 1, 1) == "\"") { field = field "\""; i++ } else q = 0
			} else field = field ch
		} else if (ch == "\"") q = 1
		else if (ch == ",") { out = out field "\t"; field = "" }
		else field = field ch
	}
	print out field
}
