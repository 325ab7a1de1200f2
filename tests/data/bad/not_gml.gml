this is not GML {{{ ]]] 
